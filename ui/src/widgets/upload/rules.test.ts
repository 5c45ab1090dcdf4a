import { describe, expect, it } from "vitest";
import { countMessage, MB, narrow, parseSize, precheck, RULES } from "./rules";

const file = (name: string, size: number) => ({ name, size });

describe("upload rules", () => {
  it("refuses wrong types and sizes with the spec's texts", () => {
    expect(precheck(file("a.exe", 10), RULES.image)).toBe("文件格式有误");
    expect(precheck(file("a.png", 6 * MB), RULES.image)).toBe("请上传5M以内的图片");
    expect(precheck(file("a.png", 3 * MB), RULES.image2m)).toBe("请上传2M以内的图片");
    expect(precheck(file("a.pdf", 2 * MB), RULES.file)).toBe("请上传1M以内的文件");
    expect(precheck(file("a.mp4", 51 * MB), RULES.video)).toBe("请上传50M以内的视频文件");
    expect(precheck(file("a.webm", 1), RULES.video)).toBe("文件格式有误");
    expect(precheck(file("a.avi", 1), RULES.editorVideo)).toBe("仅支持，mp4、webm、ogg 三种视频格式！");
    expect(precheck(file("a.JPG", MB), RULES.image)).toBeNull();
  });

  it("narrows by the field's accept, maxSize and maxCount", () => {
    const r = narrow(RULES.image, { accept: ["png", "jpg"], maxSize: "2MB", maxCount: 4 }, false);
    expect(r.accept).toEqual(["png", "jpg", "jpeg"]);
    expect(r.maxBytes).toBe(2 * MB);
    expect(countMessage(r)).toBe("最多上传4张图片！");
    expect(narrow(RULES.file, {}, false).maxCount).toBe(3);
    expect(countMessage(narrow(RULES.file, {}, true))).toBe("最多上传1个文件！");
    expect(parseSize("500KB")).toBe(500 * 1024);
    expect(parseSize("x")).toBe(0);
  });
});
