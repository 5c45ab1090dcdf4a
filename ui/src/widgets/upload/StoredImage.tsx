// A stored picture, apart from the uploader (and antd's Upload) so that a list's picture cells need only this.

import { Image } from "antd";
import { useFreshFile } from "./api";

/**
 * StoredImage shows one stored picture by a fresh link, with antd's preview; a blank box of the same size
 * stands in until the link is known, so an expired stored link is never loaded.
 */
export function StoredImage({ path, size = 96 }: { path: string; size?: number }) {
  const { pathUrl, ready } = useFreshFile(path);
  if (!ready) return <div aria-busy="true" style={{ width: size, height: size, background: "#f5f5f5" }} />;
  return <Image src={pathUrl} width={size} height={size} style={{ objectFit: "cover" }} />;
}
