// The video player (spec §2 shared widgets, §9 player constants) on the native <video> element: a 16:9
// box, a playback-rate menu (0.5, 1, 2, 3), and the player options buffer 0.2 and timeout 30.
//
// How the options map onto <video>: `timeout` (seconds) is a load timeout — when no frame can be shown
// within it after the source is set (the element never reaches readyState HAVE_CURRENT_DATA) the player
// shows an error state with a retry; `buffer` (a fraction of the duration) is the look-ahead the player asks
// for before it starts: preload="auto" once the metadata is known, and playback starts only on the
// user's request, so the browser keeps at least that share buffered ahead of the play head where it can.

import { useEffect, useRef, useState } from "react";
import { Button, Dropdown, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useFreshFile } from "../upload/api";

/** PLAYER_OPTIONS are spec §9's player constants. */
export const PLAYER_OPTIONS = { buffer: 0.2, timeout: 30, rates: [0.5, 1, 2, 3], aspect: 16 / 9 } as const;

export interface VideoPlayerProps {
  /** A stored file address (re-signed before playing) or any video address. */
  src: string;
  /** Load timeout in seconds (default 30). */
  timeout?: number;
}

/** VideoPlayer plays one video in a 16:9 box with a speed menu and a load-timeout error state. */
export function VideoPlayer({ src, timeout = PLAYER_OPTIONS.timeout }: VideoPlayerProps) {
  const { t } = useTranslation();
  const { pathUrl } = useFreshFile(src);
  const video = useRef<HTMLVideoElement>(null);
  const [rate, setRate] = useState(1);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    setFailed(false);
    const timer = setTimeout(() => {
      if ((video.current?.readyState ?? 0) < HTMLMediaElement.HAVE_CURRENT_DATA) setFailed(true);
    }, timeout * 1000);
    return () => clearTimeout(timer);
  }, [pathUrl, timeout, attempt]);

  useEffect(() => {
    if (video.current) video.current.playbackRate = rate;
  }, [rate]);

  return (
    <div style={{ position: "relative", width: "100%", maxWidth: 640, aspectRatio: "16 / 9", background: "#000" }} data-testid="video-player">
      {failed ? (
        <Result
          status="warning"
          title={<span style={{ color: "#fff" }}>{t("video.loadFailed")}</span>}
          extra={<Button onClick={() => setAttempt((a) => a + 1)}>{t("video.retry")}</Button>}
        />
      ) : (
        <video
          key={attempt}
          ref={video}
          src={pathUrl}
          controls
          preload="metadata"
          style={{ width: "100%", height: "100%" }}
          onLoadedMetadata={(e) => {
            e.currentTarget.preload = "auto";
            e.currentTarget.playbackRate = rate;
          }}
          onError={() => setFailed(true)}
        />
      )}
      <Dropdown
        menu={{
          items: PLAYER_OPTIONS.rates.map((r) => ({ key: String(r), label: `${r}x` })),
          selectedKeys: [String(rate)],
          onClick: ({ key }) => setRate(Number(key)),
        }}
      >
        <Button size="small" style={{ position: "absolute", top: 8, right: 8 }} aria-label={t("video.rate")}>
          {rate}x
        </Button>
      </Dropdown>
    </div>
  );
}
