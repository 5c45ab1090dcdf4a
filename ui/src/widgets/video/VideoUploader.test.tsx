import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { http, ok, Providers } from "../../test/helpers";
import { server } from "../../test/server";
import { watchNotices } from "../../test/notices";
import { MB, RULES } from "../upload/rules";
import { PLAYER_OPTIONS, VideoPlayer } from "./VideoPlayer";
import { VideoUploader } from "./VideoUploader";
import { text } from "../../locales/catalogue";

const { shown } = watchNotices();

describe("video", () => {
  it("the uploader takes one mp4 of at most 50 MB", async () => {
    const onChange = vi.fn();
    const { container } = render(
      <MemoryRouter><Providers>
        <VideoUploader value={[]} onChange={onChange} rule={RULES.video} target={{ businessType: "article", field: "video" }} />
      </Providers></MemoryRouter>,
    );
    const input = container.querySelector("input[type=file]") as HTMLInputElement;
    expect(input.accept).toBe(".mp4");
    fireEvent.change(document.querySelector("input[type=file]") as HTMLInputElement, { target: { files: [new File(["x"], "a.webm")] } });
    await shown(text("widgets.upload.badFormat"));
    fireEvent.change(document.querySelector("input[type=file]") as HTMLInputElement, { target: { files: [new File([new Uint8Array(50 * MB + 1)], "a.mp4")] } });
    await shown(text("widgets.upload.videoTooLarge", { size: "50M" }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it("the player is a 16:9 native video with the rate menu 0.5/1/2/3", async () => {
    server.use(http.get("/api/oos/presignedUrlNew", () => ok({ pathUrl: "/api/oos/file/1/a/v.mp4?exp=9&sig=new" })));
    const { container } = render(
      <MemoryRouter><Providers>
        <VideoPlayer src="/api/oos/file/1/a/v.mp4?exp=1&sig=old" />
      </Providers></MemoryRouter>,
    );
    expect(PLAYER_OPTIONS).toMatchObject({ buffer: 0.2, timeout: 30, rates: [0.5, 1, 2, 3] });
    expect(screen.getByTestId("video-player").style.aspectRatio).toBe("16 / 9");
    const video = container.querySelector("video") as HTMLVideoElement;
    await vi.waitFor(() => expect(video.getAttribute("src")).toBe("/api/oos/file/1/a/v.mp4?exp=9&sig=new"));
    fireEvent.mouseEnter(screen.getByRole("button", { name: text("video.rate") }));
    fireEvent.click(await screen.findByText("2x"));
    expect(video.playbackRate).toBe(2);
  });

  it("shows the error state when nothing loads within the timeout", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render(
        <MemoryRouter><Providers>
          <VideoPlayer src="https://example.com/v.mp4" timeout={30} />
        </Providers></MemoryRouter>,
      );
      await vi.advanceTimersByTimeAsync(30_000);
      expect(await screen.findByText(text("video.loadFailed"))).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
