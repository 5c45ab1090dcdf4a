import { describe, expect, it } from "vitest";
import { countMessage, MB, narrow, parseSize, precheck, RULES } from "./rules";
import { text } from "../../locales/catalogue";

const file = (name: string, size: number) => ({ name, size });

describe("upload rules", () => {
  it("refuses wrong types and sizes with the spec's texts", () => {
    expect(precheck(file("a.exe", 10), RULES.image)).toBe(text("widgets.upload.badFormat"));
    expect(precheck(file("a.png", 6 * MB), RULES.image)).toBe(text("widgets.upload.imageTooLarge", { size: "5M" }));
    expect(precheck(file("a.png", 3 * MB), RULES.image2m)).toBe(text("widgets.upload.imageTooLarge", { size: "2M" }));
    expect(precheck(file("a.pdf", 2 * MB), RULES.file)).toBe(text("widgets.upload.fileTooLarge", { size: "1M" }));
    expect(precheck(file("a.mp4", 51 * MB), RULES.video)).toBe(text("widgets.upload.videoTooLarge", { size: "50M" }));
    expect(precheck(file("a.webm", 1), RULES.video)).toBe(text("widgets.upload.badFormat"));
    expect(precheck(file("a.avi", 1), RULES.editorVideo)).toBe(text("widgets.upload.editorVideo"));
    expect(precheck(file("a.JPG", MB), RULES.image)).toBeNull();
  });

  it("narrows by the field's accept, maxSize and maxCount", () => {
    const r = narrow(RULES.image, { accept: ["png", "jpg"], maxSize: "2MB", maxCount: 4 }, false);
    expect(r.accept).toEqual(["png", "jpg", "jpeg"]);
    expect(r.maxBytes).toBe(2 * MB);
    expect(countMessage(r)).toBe(text("widgets.upload.tooManyImages", { count: 4 }));
    expect(narrow(RULES.file, {}, false).maxCount).toBe(3);
    expect(countMessage(narrow(RULES.file, {}, true))).toBe(text("widgets.upload.tooManyFiles", { count: 1 }));
    expect(parseSize("500KB")).toBe(500 * 1024);
    expect(parseSize("x")).toBe(0);
  });
});
