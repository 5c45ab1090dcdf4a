// One bridge from the screens' plain rule functions (roles/roleRules.ts, menus/menuRules.ts) to antd Form
// rules: a field's rule runs the whole check on the form's current values and reports that field's problem.

import type { FormInstance } from "antd";
import type { Rule } from "antd/es/form";

/** Check answers the first problem of each field of a form's values. */
export type Check<V> = (values: V) => Partial<Record<string, string>>;

/** ruleOf makes the antd rule of field from check, reading the other fields from form. */
export function ruleOf<V>(form: FormInstance<V>, check: Check<V>, field: string, prepare?: (values: V) => V): Rule {
  return {
    validator: () => {
      const values = form.getFieldsValue(true) as V;
      const problem = check(prepare ? prepare(values) : values)[field];
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
}
