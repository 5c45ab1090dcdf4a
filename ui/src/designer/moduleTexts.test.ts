import { describe, expect, it } from "vitest";
import { moduleTexts, withTranslation } from "./moduleTexts";
import { fromYaml, toYaml } from "./yamlio";
import { EN_LEAVE, JA_TITLE, LEAVE, LEAVE_TEXTS } from "./moduleTexts.fixtures";

describe("a designer module's own translations", () => {
  it("lists each Chinese text the module shows once, in order", () => {
    // "08:30" holds no Chinese character: nothing to translate.
    expect(moduleTexts(LEAVE)).toEqual(LEAVE_TEXTS);
  });

  it("writes translations into the i18n: block, removes emptied ones and survives the YAML round trip", () => {
    let m = LEAVE;
    for (const [zh, en] of Object.entries(EN_LEAVE)) m = withTranslation(m, "en", zh, en);
    m = withTranslation(m, "ja", LEAVE.title, JA_TITLE);
    expect(m.i18n).toEqual({ en: EN_LEAVE, ja: { [LEAVE.title]: JA_TITLE } });
    const back = fromYaml(toYaml(m));
    expect(back.model?.i18n).toEqual(m.i18n);
    m = withTranslation(m, "ja", LEAVE.title, " ");
    expect(m.i18n).toEqual({ en: EN_LEAVE });
    for (const zh of Object.keys(EN_LEAVE)) m = withTranslation(m, "en", zh, "");
    expect(m.i18n).toBeUndefined();
    expect(toYaml(m)).not.toContain("i18n");
  });
});
