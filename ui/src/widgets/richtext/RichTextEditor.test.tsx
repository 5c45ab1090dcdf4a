import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Providers } from "../../test/helpers";
import { watchNotices } from "../../test/notices";
import { RichTextEditor } from "./RichTextEditor";
import { RichTextView } from "./RichTextView";

const { shown } = watchNotices();

let calls: [string, string | undefined][] = [];

beforeEach(() => {
  calls = [];
  // jsdom has no editing commands; record what the toolbar asks for.
  document.execCommand = ((command: string, _ui?: boolean, value?: string) => {
    calls.push([command, value]);
    return true;
  }) as typeof document.execCommand;
});


function setup(value = "<p>原文</p>") {
  const onChange = vi.fn();
  const utils = render(
    <MemoryRouter><Providers>
      <RichTextEditor value={value} onChange={onChange} target={{ businessType: "article" }} />
    </Providers></MemoryRouter>,
  );
  return { ...utils, onChange, box: screen.getByRole("textbox") };
}

const commands = () => calls.filter(([c]) => c !== "styleWithCSS");

describe("RichTextEditor", () => {
  it("is 300 high and runs the toolbar's commands in the spec's order", () => {
    const { box } = setup();
    expect(box.style.height).toBe("300px");
    expect(box.innerHTML).toBe("<p>原文</p>");
    const tools = ["加粗", "斜体", "清除格式", "下划线", "删除线", "有序列表", "无序列表", "左对齐", "居中", "右对齐", "两端对齐", "引用", "撤销", "重做"];
    for (const name of tools) fireEvent.click(screen.getByRole("button", { name }));
    expect(commands()).toEqual([
      ["bold", undefined], ["italic", undefined], ["removeFormat", undefined], ["underline", undefined], ["strikeThrough", undefined],
      ["insertOrderedList", undefined], ["insertUnorderedList", undefined], ["justifyLeft", undefined], ["justifyCenter", undefined],
      ["justifyRight", undefined], ["justifyFull", undefined], ["formatBlock", "<blockquote>"], ["undo", undefined], ["redo", undefined],
    ]);
    const order = Array.from(screen.getByRole("toolbar").querySelectorAll("[aria-label]")).map((e) => e.getAttribute("aria-label"));
    const expected = ["标题", "加粗", "字号", "字体", "斜体", "清除格式", "下划线", "删除线", "文字颜色", "背景颜色", "链接", "有序列表", "无序列表", "左对齐", "居中", "右对齐", "两端对齐", "引用", "图片", "表格", "视频", "撤销", "重做"];
    expect(order.filter((l) => expected.includes(l ?? "")).filter((l, i, a) => a.indexOf(l) === i)).toEqual(expected);
  });

  it("sets colours, inserts a table of rows × cols and emits the HTML", async () => {
    const { onChange, box } = setup();
    fireEvent.change(screen.getAllByLabelText("文字颜色").find((e) => e.tagName === "INPUT") as HTMLInputElement, { target: { value: "#ff0000" } });
    expect(commands()).toContainEqual(["foreColor", "#ff0000"]);
    fireEvent.click(screen.getByRole("button", { name: "表格" }));
    fireEvent.change(await screen.findByLabelText("行数"), { target: { value: "2" } });
    fireEvent.change(screen.getByLabelText("列数"), { target: { value: "4" } });
    fireEvent.click(screen.getByRole("button", { name: /插\s*入/ }));
    await waitFor(() => expect(commands().some(([c, v]) => c === "insertHTML" && (v?.match(/<td>/g) ?? []).length === 8)).toBe(true));
    box.innerHTML = "<p>改过</p>";
    fireEvent.input(box);
    expect(onChange).toHaveBeenLastCalledWith("<p>改过</p>");
  });

  it("refuses an editor video that is not mp4, webm or ogg", async () => {
    setup();
    fireEvent.change(screen.getByTestId("richtext-video-input"), { target: { files: [new File(["x"], "a.avi")] } });
    await shown("仅支持，mp4、webm、ogg 三种视频格式！");
    expect(commands()).toEqual([]);
  });

  it("sanitises its initial value", () => {
    const { box } = setup(`<p>好</p><img src="x" onerror="window.__xss=1"><script>window.__xss=1</script>`);
    expect(box.innerHTML).toBe('<p>好</p><img src="x">');
  });
});

describe("RichTextView", () => {
  it("renders formatting and no script or handler", () => {
    const { container } = render(<RichTextView html={`<h2>标题</h2><p><b>粗</b></p><img src="x" onerror="window.__xss=1"><script>window.__xss=1</script>`} />);
    expect(container.querySelector("h2")?.textContent).toBe("标题");
    expect(container.querySelector("b")?.textContent).toBe("粗");
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("img")?.getAttribute("onerror")).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });
});
