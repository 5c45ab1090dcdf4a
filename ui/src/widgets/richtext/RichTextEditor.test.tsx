import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Providers } from "../../test/helpers";
import { watchNotices } from "../../test/notices";
import { RichTextEditor } from "./RichTextEditor";
import { RichTextView } from "./RichTextView";
import { text } from "../../locales/catalogue";
import { CN } from "../../test/chinese";
import { btn } from "../../test/texts";

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


function setup(value = `<p>${CN.original}</p>`) {
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
    expect(box.innerHTML).toBe(`<p>${CN.original}</p>`);
    const tools = [text("richtext.bold"), text("richtext.italic"), text("richtext.eraser"), text("richtext.underline"), text("richtext.strike"), text("richtext.orderedList"), text("richtext.unorderedList"), text("richtext.justifyLeft"), text("richtext.justifyCenter"), text("richtext.justifyRight"), text("richtext.justifyFull"), text("richtext.quote"), text("richtext.undo"), text("richtext.redo")];
    for (const name of tools) fireEvent.click(screen.getByRole("button", { name }));
    expect(commands()).toEqual([
      ["bold", undefined], ["italic", undefined], ["removeFormat", undefined], ["underline", undefined], ["strikeThrough", undefined],
      ["insertOrderedList", undefined], ["insertUnorderedList", undefined], ["justifyLeft", undefined], ["justifyCenter", undefined],
      ["justifyRight", undefined], ["justifyFull", undefined], ["formatBlock", "<blockquote>"], ["undo", undefined], ["redo", undefined],
    ]);
    const order = Array.from(screen.getByRole("toolbar").querySelectorAll("[aria-label]")).map((e) => e.getAttribute("aria-label"));
    const expected = [text("richtext.head"), text("richtext.bold"), text("richtext.fontSize"), text("richtext.fontName"), text("richtext.italic"), text("richtext.eraser"), text("richtext.underline"), text("richtext.strike"), text("richtext.foreColor"), text("richtext.backColor"), text("richtext.link"), text("richtext.orderedList"), text("richtext.unorderedList"), text("richtext.justifyLeft"), text("richtext.justifyCenter"), text("richtext.justifyRight"), text("richtext.justifyFull"), text("richtext.quote"), text("richtext.image"), text("richtext.table"), text("richtext.video"), text("richtext.undo"), text("richtext.redo")];
    expect(order.filter((l) => expected.includes(l ?? "")).filter((l, i, a) => a.indexOf(l) === i)).toEqual(expected);
  });

  it("sets colours, inserts a table of rows × cols and emits the HTML", async () => {
    const { onChange, box } = setup();
    fireEvent.change(screen.getAllByLabelText(text("richtext.foreColor")).find((e) => e.tagName === "INPUT") as HTMLInputElement, { target: { value: "#ff0000" } });
    expect(commands()).toContainEqual(["foreColor", "#ff0000"]);
    fireEvent.click(screen.getByRole("button", { name: text("richtext.table") }));
    fireEvent.change(await screen.findByLabelText(text("richtext.rows")), { target: { value: "2" } });
    fireEvent.change(screen.getByLabelText(text("richtext.cols")), { target: { value: "4" } });
    fireEvent.click(screen.getByRole("button", { name: btn("richtext.insert") }));
    await waitFor(() => expect(commands().some(([c, v]) => c === "insertHTML" && (v?.match(/<td>/g) ?? []).length === 8)).toBe(true));
    box.innerHTML = `<p>${CN.changed}</p>`;
    fireEvent.input(box);
    expect(onChange).toHaveBeenLastCalledWith(`<p>${CN.changed}</p>`);
  });

  it("refuses an editor video that is not mp4, webm or ogg", async () => {
    setup();
    fireEvent.change(screen.getByTestId("richtext-video-input"), { target: { files: [new File(["x"], "a.avi")] } });
    await shown(text("widgets.upload.editorVideo"));
    expect(commands()).toEqual([]);
  });

  it("sanitises its initial value", () => {
    const { box } = setup(`<p>${CN.good}</p><img src="x" onerror="window.__xss=1"><script>window.__xss=1</script>`);
    expect(box.innerHTML).toBe(`<p>${CN.good}</p><img src="x">`);
  });
});

describe("RichTextView", () => {
  it("renders formatting and no script or handler", () => {
    const { container } = render(<RichTextView html={`<h2>${CN.title}</h2><p><b>${CN.boldText}</b></p><img src="x" onerror="window.__xss=1"><script>window.__xss=1</script>`} />);
    expect(container.querySelector("h2")?.textContent).toBe(text("richtext.head"));
    expect(container.querySelector("b")?.textContent).toBe(CN.boldText);
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("img")?.getAttribute("onerror")).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });
});
