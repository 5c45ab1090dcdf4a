import { describe, expect, it } from "vitest";
import { personFields } from "./userApi";

describe("personFields", () => {
  it("trims the texts, fills what is missing with empty strings and keeps the avatar as it is", () => {
    expect(personFields({ familyName: " 张 ", name: "三 ", mobile: " 13800138000", email: undefined, imgPath: "data:image/png;base64, A", discTitle: "  ", discDetail: "说明\n" })).toEqual({
      familyName: "张",
      name: "三",
      mobile: "13800138000",
      email: "",
      imgPath: "data:image/png;base64, A",
      discTitle: "",
      discDetail: "说明",
    });
    expect(personFields({}).imgPath).toBe("");
  });
});
