import type zhCN from "./zh_CN";

/** Messages is the shape every locale bundle must fill completely; zh_CN defines it. */
export type Messages = typeof zhCN;
