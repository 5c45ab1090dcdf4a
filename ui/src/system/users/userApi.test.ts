import { describe, expect, it } from "vitest";
import { personFields } from "./userApi";
import { CN } from "../../test/chinese";

describe("personFields", () => {
  it("trims the texts, fills what is missing with empty strings and keeps the avatar as it is", () => {
    expect(personFields({ familyName: ` ${CN.zhang} `, name: `${CN.three} `, mobile: " 13800138000", email: undefined, imgPath: "data:image/png;base64, A", discTitle: "  ", discDetail: `${CN.note}\n` })).toEqual({
      familyName: CN.zhang,
      name: CN.three,
      mobile: "13800138000",
      email: "",
      imgPath: "data:image/png;base64, A",
      discTitle: "",
      discDetail: CN.note,
    });
    expect(personFields({}).imgPath).toBe("");
  });
});
