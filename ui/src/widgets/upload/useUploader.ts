// The upload logic the image, file and video uploaders share: count and type/size pre-checks, the picture
// review of png/gif/jpg, the upload itself, and the stored addresses (result.pathUrl) as the value.

import { useRef, useState } from "react";
import { Upload } from "antd";
import { notify } from "../../app/notify";
import type { UploadFile, UploadProps } from "antd";
import { refusalOf, reviewPicture, uploadFile, useFreshFiles, type UploadTarget } from "./api";
import { acceptAttr, countMessage, precheck, reviewed, UPLOAD_MESSAGES, type UploadRule } from "./rules";

/** UploaderProps are what every uploader takes. */
export interface UploaderProps {
  /** The stored addresses. */
  value: string[];
  onChange: (value: string[]) => void;
  rule: UploadRule;
  target: UploadTarget;
  disabled?: boolean;
}

/**
 * sendFile puts one (pre-checked) file through the upload path: the picture review for png/gif/jpg (code 1
 * stops it with UPLOAD_MESSAGES.reviewRejected + reason), then /api/oos/uploadFile. It shows
 * UPLOAD_MESSAGES.uploaded, or the server's refusal (UPLOAD_MESSAGES.failed when there is none), and returns the stored address, or null when the file was not stored.
 */
export async function sendFile(file: File, rule: UploadRule, target: UploadTarget, onProgress?: (percent: number) => void): Promise<string | null> {
  try {
    if (reviewed(file.name)) {
      const verdict = await reviewPicture(file);
      if (!verdict.pass) {
        notify.error(UPLOAD_MESSAGES.reviewRejected + verdict.reason);
        return null;
      }
    }
    const result = await uploadFile(file, target, rule.kind, onProgress);
    notify.success(UPLOAD_MESSAGES.uploaded);
    return result.pathUrl;
  } catch (err) {
    notify.error(refusalOf(err, UPLOAD_MESSAGES.failed));
    return null;
  }
}

/** useUploader returns antd Upload's handlers and the file list (stored files, then those in flight). */
export function useUploader({ value, onChange, rule, target }: UploaderProps) {
  const [pending, setPending] = useState<UploadFile[]>([]);
  const latest = useRef(value);
  latest.current = value;
  const inFlight = useRef(0);

  const beforeUpload: UploadProps["beforeUpload"] = (file, batch) => {
    const position = latest.current.length + inFlight.current + batch.indexOf(file);
    if (position >= rule.maxCount) {
      // One message for a batch that is too large, not one per file.
      if (batch.indexOf(file) === Math.max(0, rule.maxCount - latest.current.length - inFlight.current)) notify.warning(countMessage(rule));
      return Upload.LIST_IGNORE;
    }
    const refusal = precheck(file, rule);
    if (refusal) {
      notify.error(refusal);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps["customRequest"] = ({ file, onSuccess, onError, onProgress }) => {
    const f = file as File & { uid: string };
    inFlight.current++;
    setPending((p) => [...p, { uid: f.uid, name: f.name, status: "uploading", percent: 0 }]);
    const finish = () => {
      inFlight.current--;
      setPending((p) => p.filter((x) => x.uid !== f.uid));
    };
    void sendFile(f, rule, target, (percent) => onProgress?.({ percent }))
      .then((path) => {
        if (path === null) {
          onError?.(new Error(UPLOAD_MESSAGES.failed));
          return;
        }
        latest.current = [...latest.current, path];
        onChange(latest.current);
        onSuccess?.(path);
      })
      .finally(finish);
  };

  const remove = (path: string) => {
    latest.current = latest.current.filter((v) => v !== path);
    onChange(latest.current);
  };

  return { pending, beforeUpload, customRequest, remove, full: value.length + pending.length >= rule.maxCount };
}

/**
 * useUploadList is useUploader for antd's listed uploaders (pictures, files): the Upload props, with the
 * stored files shown by fresh links and their original names, and whether the count is reached.
 */
export function useUploadList(props: UploaderProps): { listProps: UploadProps; full: boolean } {
  const { value, rule, disabled } = props;
  const { pending, beforeUpload, customRequest, remove, full } = useUploader(props);
  const fresh = useFreshFiles(value);
  const fileList: UploadFile[] = [
    ...value.map((path, i): UploadFile => ({ uid: path, name: fresh[i].name ?? path, status: "done", url: fresh[i].pathUrl, thumbUrl: fresh[i].pathUrl })),
    ...pending,
  ];
  return {
    full,
    listProps: {
      accept: acceptAttr(rule),
      multiple: rule.maxCount > 1,
      fileList,
      disabled,
      beforeUpload,
      customRequest,
      onRemove: (f) => remove(f.uid),
    },
  };
}
