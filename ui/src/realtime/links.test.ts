import { describe, expect, it } from "vitest";
import { linkOf } from "./links";

describe("where a message leads", () => {
  it("opens a workflow task in the to-do list's drawer, anything else about a record on its page", () => {
    expect(linkOf({ kind: "task", module: "vehicleApply", recordId: 5 })).toBe("/workflow/todo?module=vehicleApply&id=5");
    expect(linkOf({ kind: "task", module: "vehicleApply", recordId: 5, taskId: 9 })).toBe("/workflow/todo?module=vehicleApply&id=5&task=9");
    expect(linkOf({ kind: "status", module: "vehicleApply", recordId: 5 })).toBe("/m/vehicleApply/show/5");
    expect(linkOf({ kind: "notice" })).toBeNull();
  });
});
