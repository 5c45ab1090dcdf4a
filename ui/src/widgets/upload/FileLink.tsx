// A stored file as a link, apart from the uploader (and antd's Upload) so that a list's file cells need only this.

import { Typography } from "antd";
import { formatBytes } from "../../lib/format";
import { useFreshFile } from "./api";

/** FileLink is a stored file as a download link (fresh signed address, the original name) and its size. */
export function FileLink({ path }: { path: string }) {
  const file = useFreshFile(path);
  return (
    <span>
      <a href={file.pathUrl} target="_blank" rel="noopener noreferrer" download={file.name}>
        {file.name}
      </a>
      {file.size !== undefined && <Typography.Text type="secondary"> ({formatBytes(file.size)})</Typography.Text>}
    </span>
  );
}
