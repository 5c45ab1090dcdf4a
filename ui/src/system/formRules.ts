// Form rule helpers shared by the system screens: a check is a plain function from a value to an error
// message (or undefined), testable without antd; toRule turns one into an antd Form rule.

import type { RuleObject } from "antd/es/form";

/** A Check answers the error message for a value, or undefined when the value is fine. */
export type Check = (value: unknown) => string | undefined;

/** A Message is a text, or a function reading it from the locale bundles when the check fails. */
export type Message = string | (() => string);

const say = (message: Message): string => (typeof message === "function" ? message() : message);

/** text reads a form value as a trimmed string ("" for empty or non-text values). */
export function text(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number") return String(value);
  return "";
}

/** required fails with message when the trimmed value is empty. */
export const required =
  (message: Message): Check =>
  (value) =>
    text(value) === "" ? say(message) : undefined;

/** maxLength fails when the trimmed value has more than max characters (code points). */
export const maxLength =
  (max: number, message: Message): Check =>
  (value) =>
    [...text(value)].length > max ? say(message) : undefined;

/** pattern fails when a non-empty value does not match re. */
export const pattern =
  (re: RegExp, message: Message): Check =>
  (value) => {
    const v = text(value);
    return v !== "" && !re.test(v) ? say(message) : undefined;
  };

/** all runs the checks in order and answers the first failure. */
export const all =
  (...checks: Check[]): Check =>
  (value) => {
    for (const check of checks) {
      const m = check(value);
      if (m) return m;
    }
    return undefined;
  };

/** toRule adapts a check to an antd Form rule. */
export function toRule(check: Check): RuleObject {
  return {
    validator: (_rule, value: unknown) => {
      const m = check(value);
      return m ? Promise.reject(new Error(m)) : Promise.resolve();
    },
  };
}

/** noSpaces removes every whitespace character as the user types (the inputs that block spaces). */
export function noSpaces(event: { target: { value: string } }): string {
  return event.target.value.replace(/\s/g, "");
}
