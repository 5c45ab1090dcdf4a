// The screen's data: one batched call per screen state and refresh feeds the first load of every chart
// box; a box loading again (its retry, its load button) asks for its own widget alone (widgets=<id>).

import type { DashboardData, WidgetData } from "./types";

/** WidgetFailed is a widget's own error in the answer (the other widgets still answered). */
export class WidgetFailed extends Error {
  constructor(
    readonly widget: string,
    message: string,
  ) {
    super(message);
    this.name = "WidgetFailed";
  }
}

/** Fetch asks the data call, for all widgets (no ids) or for the ones named. */
export type Fetch = (widgets?: readonly string[]) => Promise<DashboardData>;

/** Batch is the data of one screen state and refresh. */
export class Batch {
  /** The batched answer (also read by the screen for its breadcrumb and time). */
  readonly all: Promise<DashboardData>;
  private readonly used = new Set<string>();

  constructor(
    readonly key: string,
    private readonly fetch: Fetch,
    /** The batched answer when it was asked already (the route's prefetch). */
    first?: Promise<DashboardData> | null,
  ) {
    this.all = first ?? fetch();
    // A failing batch is reported by each box's load; this keeps it from being an unhandled rejection.
    this.all.catch(() => undefined);
  }

  /** load answers a widget's data: from the batch the first time, from its own call after that. */
  async load(id: string): Promise<WidgetData> {
    const shared = !this.used.has(id);
    this.used.add(id);
    const answer = await (shared ? this.all : this.fetch([id]));
    const data = answer.widgets?.[id];
    if (!data) throw new WidgetFailed(id, `no data for ${id}`);
    if (data.error) throw new WidgetFailed(id, data.error.msg);
    return data;
  }
}
