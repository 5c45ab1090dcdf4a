// The published versions of a designer module, newest first, each exportable and a rollback target.

import { useEffect, useState } from "react";
import { Button, Drawer, Space, Table, Tag } from "antd";
import { text } from "./texts";
import { designerApi, type VersionEntry } from "./api";

interface Props {
  name: string;
  /** Bumped after a publish or rollback so the list reloads. */
  revision: number;
  onClose: () => void;
  /** Absent for a user who may not roll back (not a platform administrator). */
  onRollback?: (version: number) => void;
}

export function VersionsDrawer({ name, revision, onClose, onRollback }: Props) {
  const [rows, setRows] = useState<VersionEntry[] | null>(null);
  useEffect(() => {
    let live = true;
    designerApi.versions(name).then(
      (v) => live && setRows(v),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [name, revision]);
  return (
    <Drawer open width={640} title={`${text("designer.versions")} · ${name}`} onClose={onClose} data-testid="versions-drawer">
      <Table<VersionEntry>
        rowKey="version"
        size="small"
        loading={rows === null}
        dataSource={rows ?? []}
        pagination={false}
        columns={[
          {
            key: "version",
            title: text("designer.versionList.version"),
            render: (_, v) => (
              <Space>
                {v.version}
                {v.current && <Tag color="green">✓</Tag>}
              </Space>
            ),
          },
          { key: "by", title: text("designer.versionList.by"), render: (_, v) => v.publishedByName ?? v.publishedBy },
          { key: "at", title: text("designer.versionList.at"), dataIndex: "publishedAt" },
          { key: "note", title: text("designer.versionList.note"), dataIndex: "note" },
          {
            key: "actions",
            title: text("common.actions"),
            render: (_, v) => (
              <Space size="small">
                <Button size="small" type="link" onClick={() => void designerApi.exportYaml(name, v.version)}>
                  {text("designer.exportYaml")}
                </Button>
                {!v.current && onRollback && (
                  <Button size="small" type="link" danger onClick={() => onRollback(v.version)}>
                    {text("designer.versionList.rollback")}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
