// Workflow texts in the console's locale (docs/schema.md "Translations"): a step's title stands at the place
// `<module>@<step>`, a branch's at `<module>@<step>/<branch>` (its name, else its index), a module's title at
// `<module>`; each falls back to the Chinese text the server sent on its own.

import type { Translate } from "../schema-ui/schemaTexts";
import type { FlowState, InstanceView, Simulation } from "./workflowApi";

/** stepPlace is where a workflow step's title stands. */
export const stepPlace = (module: string, step: string): string => `${module}@${step}`;

/** localizeInstance answers a submission with its steps' titles translated. */
export function localizeInstance(inst: InstanceView, module: string, tr: Translate): InstanceView {
  return { ...inst, steps: inst.steps && inst.steps.map((s) => ({ ...s, title: tr(stepPlace(module, s.name), s.title) })) };
}

/** localizeFlow answers a record's flow with every submission's step titles translated. */
export function localizeFlow(flow: FlowState, tr: Translate): FlowState {
  return { ...flow, instances: flow.instances && flow.instances.map((i) => localizeInstance(i, flow.module, tr)) };
}

/** localizeSimulation answers a simulated path with its stage, branch and step titles translated. */
export function localizeSimulation(sim: Simulation, module: string, tr: Translate): Simulation {
  return {
    ...sim,
    plan: {
      ...sim.plan,
      stages: sim.plan.stages.map((stage) => ({
        ...stage,
        title: tr(stepPlace(module, stage.name), stage.title),
        lanes: stage.lanes.map((lane, i) => ({
          ...lane,
          title: lane.title && tr(`${stepPlace(module, stage.name)}/${lane.name || i}`, lane.title),
          steps: lane.steps.map((s) => ({ ...s, title: tr(stepPlace(module, s.name), s.title) })),
        })),
      })),
    },
  };
}

/**
 * localizeTaskRow answers a to-do, done or copied row with its module and step titles translated; an
 * application's current steps (titles without their names) are looked up by wording.
 */
export function localizeTaskRow<R extends { module: string; moduleTitle?: string; step?: string; stepTitle?: string; current?: string[] | null }>(
  row: R,
  tr: Translate,
): R {
  return {
    ...row,
    ...(row.current ? { current: row.current.map((s) => tr("", s)) } : {}),
    ...(row.moduleTitle !== undefined ? { moduleTitle: tr(row.module, row.moduleTitle) } : {}),
    ...(row.step && row.stepTitle !== undefined ? { stepTitle: tr(stepPlace(row.module, row.step), row.stepTitle) } : {}),
  };
}
