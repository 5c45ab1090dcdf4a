// Organisation management (spec §2, §4 "Organisation tree", §6): a lazy draggable tree under a fixed root
// (id 0). Expanding a node loads its children; dropping a node inside, before or after another renumbers
// the new siblings from 1 with their parent and saves them, then reloads. The drag rules live in
// orgTree.ts; each node's edit button opens the edit dialog. The top level is read with refine's useCustom,
// the levels below as they are opened, and the reorder saved, through refine's "system" provider.

import { useCallback, useMemo, useState } from "react";
import { useCustom, useCustomMutation, useDataProvider } from "@refinedev/core";
import { Alert, Button, Card, Tree } from "antd";
import type { TreeDataNode, TreeProps } from "antd";
import { EditOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { SYSTEM } from "../../api/systemDataProvider";
import { notify } from "../../app/notify";
import { Access } from "../../components/Access/Access";
import { FRESH, useOnFailure } from "../queries";
import { levelOf, ORG_PATHS } from "./orgApi";
import { MSG } from "./orgRules";
import { OrgEditDialog } from "./OrgEditDialog";
import { TreeMoveButton } from "../../components/TreeMove/TreeMoveButton";
import { moveTargets, type MoveTarget, type TreeMove } from "../../components/TreeMove/moves";
import { ROOT_ID, canDrag, canDrop, parentAfterDrop, placeOf, reorder, type DropPlace, type OrgNode } from "./orgTree";

const EDIT_CODES = ["cscp.org.edit"];
const ROOT_KEY = String(ROOT_ID);
const PLACES: Record<number, DropPlace> = { [-1]: "before", 0: "inside", 1: "after" };

/** OrgManagement is the organization-management screen. */
export default function OrgManagement() {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<React.Key[]>([ROOT_KEY]);
  const [editing, setEditing] = useState<OrgNode | null>(null);
  const dataProvider = useDataProvider();
  const { mutateAsync: saveOrder } = useCustomMutation();

  const top = useCustom({
    url: ORG_PATHS.level,
    method: "get",
    config: { query: { parentId: ROOT_ID } },
    dataProviderName: SYSTEM,
    errorNotification: false,
    queryOptions: FRESH,
  });
  useOnFailure(top.query, () => notify.error(MSG.loadFailed));
  const refetchTop = top.query.refetch;
  // below[parent] are the organisations loaded under an opened parent, in order.
  const [below, setBelow] = useState<Record<number, OrgNode[]>>({});
  const topLevel = top.query.isSuccess ? top.result.data : undefined;
  const children = useMemo(() => (topLevel ? { ...below, [ROOT_ID]: levelOf(topLevel) } : below), [below, topLevel]);

  const fetchLevel = useCallback(
    async (parent: number) => {
      const answer = await dataProvider(SYSTEM).custom?.({ url: ORG_PATHS.level, method: "get", query: { parentId: parent } });
      return levelOf(answer?.data);
    },
    [dataProvider],
  );

  const load = useCallback(
    async (parent: number) => {
      if (parent === ROOT_ID) {
        await refetchTop();
        return;
      }
      try {
        const nodes = await fetchLevel(parent);
        setBelow((c) => ({ ...c, [parent]: nodes }));
      } catch {
        notify.error(MSG.loadFailed);
      }
    },
    [fetchLevel, refetchTop],
  );

  /** reload fetches every loaded level again (after a save, or a failed one). */
  const reload = useCallback(
    async (extra: number[] = []) => {
      const parents = new Set([ROOT_ID, ...Object.keys(children).map(Number), ...extra]);
      await Promise.all([...parents].map(load));
    },
    [children, load],
  );

  // where each loaded node is shown: its id → the key of the level it is listed under.
  const index = useMemo(() => {
    const byId = new Map<number, { node: OrgNode; under: number }>();
    for (const [parent, nodes] of Object.entries(children)) {
      for (const node of nodes) byId.set(node.id, { node, under: Number(parent) });
    }
    return byId;
  }, [children]);

  const entryOf = (key: React.Key) => (String(key) === ROOT_KEY ? null : (index.get(Number(key)) ?? null));

  const treeData = useMemo<TreeDataNode[]>(() => {
    const level = (parent: number): TreeDataNode[] | undefined =>
      children[parent]?.map((n) => ({ key: String(n.id), title: n.orgName, isLeaf: n.leaf, children: level(n.id) }));
    return [{ key: ROOT_KEY, title: t("system.orgs.root"), isLeaf: false, children: level(ROOT_ID) }];
  }, [children, t]);

  const allowDrop: TreeProps["allowDrop"] = ({ dragNode, dropNode, dropPosition }) => {
    const dragged = entryOf(dragNode.key);
    const target = entryOf(dropNode.key);
    const place = PLACES[dropPosition];
    if (!dragged || !place) return false;
    return canDrop(dragged.node, target?.node ?? null, target?.under ?? ROOT_ID, place);
  };

  type Entry = { node: OrgNode; under: number };

  /** moveTo saves dragged at place relative to target (null: the root), as a drop or a keyboard move does. */
  const moveTo = async (dragged: Entry, target: Entry | null, place: DropPlace) => {
    if (!canDrop(dragged.node, target?.node ?? null, target?.under ?? ROOT_ID, place)) return;
    const parent = parentAfterDrop(target?.node ?? null, place);
    try {
      const siblings = place === "inside" ? await fetchLevel(parent) : (children[target?.under ?? ROOT_ID] ?? []);
      await saveOrder({
        url: ORG_PATHS.reorder,
        method: "post",
        values: reorder(siblings, dragged.node, target?.node ?? null, place),
        dataProviderName: SYSTEM,
        successNotification: false,
        errorNotification: false,
      });
      if (place === "inside") setExpanded((keys) => [...new Set([...keys, String(parent)])]);
    } catch {
      notify.error(MSG.dragFailed);
    }
    await reload([parent]);
  };

  const onDrop: TreeProps["onDrop"] = async (info) => {
    const dragged = entryOf(info.dragNode.key);
    if (!dragged) return;
    await moveTo(dragged, entryOf(info.node.key), placeOf(info.dropToGap, info.dropPosition, info.node.pos));
  };

  /** keyboardMoves are the moves of a node its drag rules allow, with the drop each stands for. */
  const keyboardMoves = (entry: Entry) => {
    const level = children[entry.under] ?? [];
    const parent = entry.under === ROOT_ID ? null : (index.get(entry.under) ?? null);
    const entries = level.map((node) => ({ node, under: entry.under }));
    const at = level.findIndex((n) => n.id === entry.node.id);
    const targets = canDrag(entry.node, entry.under) ? moveTargets<Entry>(entries, at, parent) : {};
    const allowed = Object.entries(targets).filter(([, m]) => m && canDrop(entry.node, m.target.node, m.target.under, m.place));
    return new Map(allowed as [TreeMove, MoveTarget<Entry>][]);
  };

  return (
    <Card>
      <Alert type="info" showIcon message={t("system.orgs.tip")} style={{ marginBottom: 16 }} />
      <Tree
        blockNode
        showLine
        treeData={treeData}
        expandedKeys={expanded}
        onExpand={setExpanded}
        loadedKeys={Object.keys(children)}
        loadData={(node) => load(Number(node.key))}
        draggable={{ icon: false, nodeDraggable: (node) => canDrag(entryOf(node.key)?.node ?? null, entryOf(node.key)?.under ?? ROOT_ID) }}
        allowDrop={allowDrop}
        onDrop={onDrop}
        titleRender={(node) => {
          const entry = entryOf(node.key);
          return (
            <span className="org-node" data-org-id={String(node.key)}>
              {String(node.title)}
              {entry && (
                <Access codes={EDIT_CODES}>
                  <TreeMoveButton
                    name={entry.node.orgName}
                    moves={keyboardMoves(entry)}
                    onMove={(to) => void moveTo(entry, to.target, to.place)}
                  />
                  <Button
                    type="link"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`${t("system.orgs.edit")} ${entry.node.orgName}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      setEditing(entry.node);
                    }}
                  />
                </Access>
              )}
            </span>
          );
        }}
      />
      <OrgEditDialog
        node={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void reload();
        }}
      />
    </Card>
  );
}

