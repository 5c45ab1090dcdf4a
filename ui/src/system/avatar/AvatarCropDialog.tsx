// The avatar dialog (spec §2, §5): pick an image, crop it to a square by zooming (slider or wheel) and
// dragging, and hand back the crop as a PNG data URL drawn on a canvas. A crop over 256000 characters is
// refused with the specification's message and the dialog stays open.

import { useEffect, useRef, useState, type PointerEvent } from "react";
import { Button, Modal, Slider, Space, Typography, message } from "antd";
import { PictureOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { checkCropSize, clampView, coverScale, cropOf, initialView, MAX_ZOOM, panBy, zoomAt, type View } from "./crop";

/** VIEWPORT is the side of the square crop area in CSS pixels. */
const VIEWPORT = 280;

export interface AvatarCropDialogProps {
  open: boolean;
  onCancel: () => void;
  /** Receives the accepted crop as a data URL. */
  onOk: (dataUrl: string) => void;
}

function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(new Error("read failed"));
    reader.onload = () => {
      const img = new Image();
      img.onload = () => resolve(img);
      img.onerror = () => reject(new Error("not an image"));
      img.src = String(reader.result);
    };
    reader.readAsDataURL(file);
  });
}

/** cropToDataUrl draws the selected square of img on a canvas and answers it as a PNG data URL. */
function cropToDataUrl(img: HTMLImageElement, view: View): string {
  const crop = cropOf(view, VIEWPORT);
  const canvas = document.createElement("canvas");
  canvas.width = crop.outSide;
  canvas.height = crop.outSide;
  canvas.getContext("2d")?.drawImage(img, crop.sx, crop.sy, crop.side, crop.side, 0, 0, crop.outSide, crop.outSide);
  return canvas.toDataURL("image/png");
}

export function AvatarCropDialog({ open, onCancel, onOk }: AvatarCropDialogProps) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const [img, setImg] = useState<HTMLImageElement | null>(null);
  const [view, setView] = useState<View>({ x: 0, y: 0, scale: 1 });

  const size = img ? { width: img.naturalWidth, height: img.naturalHeight } : { width: 1, height: 1 };
  const minScale = coverScale(size, VIEWPORT);

  useEffect(() => {
    const ctx = canvasRef.current?.getContext("2d");
    if (!ctx) return;
    ctx.clearRect(0, 0, VIEWPORT, VIEWPORT);
    if (img) ctx.drawImage(img, view.x, view.y, img.naturalWidth * view.scale, img.naturalHeight * view.scale);
  }, [img, view, open]);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    try {
      const loaded = await loadImage(file);
      setImg(loaded);
      setView(initialView({ width: loaded.naturalWidth, height: loaded.naturalHeight }, VIEWPORT));
    } catch {
      void message.error(t("system.profile.avatar.badImage"));
    }
  };

  const zoomTo = (scale: number, cx = VIEWPORT / 2, cy = VIEWPORT / 2) => {
    if (img) setView((v) => zoomAt(v, scale, cx, cy, size, VIEWPORT));
  };

  // The wheel zooms around the pointer; the listener is not passive so the dialog does not scroll too.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !img) return;
    const image = { width: img.naturalWidth, height: img.naturalHeight };
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = canvas.getBoundingClientRect();
      const factor = e.deltaY < 0 ? 1.1 : 1 / 1.1;
      setView((v) => zoomAt(v, v.scale * factor, e.clientX - rect.left, e.clientY - rect.top, image, VIEWPORT));
    };
    canvas.addEventListener("wheel", onWheel, { passive: false });
    return () => canvas.removeEventListener("wheel", onWheel);
  }, [img, open]);

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    drag.current = { x: e.clientX, y: e.clientY };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const from = drag.current;
    if (!from || !img) return;
    drag.current = { x: e.clientX, y: e.clientY };
    setView((v) => panBy(v, e.clientX - from.x, e.clientY - from.y, size, VIEWPORT));
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const accept = () => {
    if (!img) {
      void message.warning(t("system.profile.avatar.pickFirst"));
      return;
    }
    const dataUrl = cropToDataUrl(img, clampView(view, size, VIEWPORT));
    const refusal = checkCropSize(dataUrl);
    if (refusal) {
      void message.error(refusal);
      return;
    }
    onOk(dataUrl);
  };

  return (
    <Modal open={open} title={t("system.profile.avatar.title")} onCancel={onCancel} onOk={accept} destroyOnHidden width={VIEWPORT + 80}>
      <Space direction="vertical" style={{ width: "100%" }}>
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          aria-label={t("system.profile.avatar.file")}
          style={{ display: "none" }}
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
        <Button icon={<PictureOutlined />} onClick={() => fileRef.current?.click()}>
          {t("system.profile.avatar.pick")}
        </Button>
        <canvas
          ref={canvasRef}
          width={VIEWPORT}
          height={VIEWPORT}
          aria-label={t("system.profile.avatar.area")}
          data-testid="avatar-crop-area"
          style={{ background: "#f0f0f0", cursor: img ? "move" : "default", touchAction: "none", display: "block" }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
        />
        <div>
          <Typography.Text type="secondary">{t("system.profile.avatar.zoom")}</Typography.Text>
          <Slider
            aria-label={t("system.profile.avatar.zoom")}
            disabled={!img}
            min={1}
            max={MAX_ZOOM}
            step={0.1}
            value={img ? view.scale / minScale : 1}
            onChange={(z: number) => zoomTo(z * minScale)}
          />
        </div>
      </Space>
    </Modal>
  );
}
