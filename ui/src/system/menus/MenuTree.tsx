// One terminal's menu tree (spec §2 "Menu configuration"): lazy (children load on expand), rooted at a fixed
// node, drag-sortable under the rules of spec §5 "Menu dragging" (dragRules.ts), with add, edit and delete
// per node. An accepted drop saves the destination's siblings numbered from 1, then the tree reloads. The top
// level is read with refine's useCustom, the levels below as they are opened, and the changes saved,
// through refine's "system" provider.

import { ReloadOutlined } from "@ant-design/icons";
import { Button, Modal, Space, Spin, Tree, message, type TreeDataNode, type TreeProps } from "antd";
import { useCallback, useMemo, useState } from "react";
import { useCustom, useCustomMutation, useDataProvider, useDelete } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { SYSTEM } from "../../api/systemDataProvider";
import { FRESH, useOnFailure } from "../queries";
import { TreeMoveButton } from "../../components/TreeMove/TreeMoveButton";
import { moveTargets, type MoveTarget, type TreeMove } from "../../components/TreeMove/moves";
import { canDrag, canDrop, placeAmong, positionOf, renumber, type DropPosition } from "./dragRules";
import { menuCalls, type MenuNode, type MenuTerminal } from "./menuApi";
import { MenuFormModal, type MenuEditing } from "./MenuFormModal";
import { MENU_MESSAGES as M } from "./messages";

const ROOT = 0;

/** Placed is a node of the tree with its depth (root 0) and, but for the root, its menu. */
interface Placed {
  level: number;
  menu?: MenuNode;
}

export function MenuTree({ terminal }: { terminal: MenuTerminal }) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const [expanded, setExpanded] = useState<React.Key[]>([String(ROOT)]);
  const [working, setWorking] = useState(false);
  const [editing, setEditing] = useState<MenuEditing | null>(null);
  const calls = useMemo(() => menuCalls(terminal), [terminal]);
  const dataProvider = useDataProvider();
  const { mutateAsync: send } = useCustomMutation();
  const { mutateAsync: deleteMenu } = useDelete();

  const topCall = calls.children(ROOT);
  const top = useCustom<MenuNode[]>({
    url: topCall.url,
    method: topCall.method,
    config: { query: topCall.query },
    dataProviderName: SYSTEM,
    errorNotification: false,
    queryOptions: FRESH,
  });
  useOnFailure(top.query, () => message.error(M.fetchFailed));
  const refetchTop = top.query.refetch;
  // below[parent] are the menus loaded under an opened parent.
  const [below, setBelow] = useState<Record<number, MenuNode[]>>({});
  const topLevel = top.query.isSuccess ? top.result.data : undefined;
  const kids = useMemo(() => (topLevel ? { ...below, [ROOT]: topLevel } : below), [below, topLevel]);
  const busy = working || top.query.isFetching;

  const fetchKids = useCallback(
    async (parentId: number) => {
      const { url, method, query } = calls.children(parentId);
      const answer = await dataProvider(SYSTEM).custom?.<MenuNode[]>({ url, method, query });
      return Array.isArray(answer?.data) ? answer.data : [];
    },
    [calls, dataProvider],
  );

  /** reload fetches again every parent loaded so far (and the top, whose failure the query reports). */
  const reload = useCallback(
    async (parents: number[]) => {
      setWorking(true);
      try {
        const deeper = parents.filter((p) => p !== ROOT);
        const [lists] = await Promise.all([Promise.all(deeper.map(fetchKids)), parents.includes(ROOT) ? refetchTop() : undefined]);
        setBelow(Object.fromEntries(deeper.map((p, i) => [p, lists[i]])));
      } catch {
        message.error(M.fetchFailed);
      } finally {
        setWorking(false);
      }
    },
    [fetchKids, refetchTop],
  );
  const reloadAll = () => reload([...new Set([ROOT, ...Object.keys(kids).map(Number)])]);

  const quiet = { dataProviderName: SYSTEM, successNotification: false, errorNotification: false } as const;

  const placed = useMemo(() => {
    const out = new Map<string, Placed>([[String(ROOT), { level: 0 }]]);
    const walk = (parent: number, level: number) =>
      (kids[parent] ?? []).forEach((menu) => {
        out.set(String(menu.id), { level, menu });
        walk(menu.id, level + 1);
      });
    walk(ROOT, 1);
    return out;
  }, [kids]);

  const remove = (menu: MenuNode) =>
    modal.confirm({
      title: M.deleteTitle,
      content: M.deleteContent,
      okText: t("common.confirm"),
      cancelText: t("common.cancel"),
      onOk: async () => {
        try {
          await deleteMenu({ resource: calls.removed, id: menu.id, invalidates: [], ...quiet });
          message.success(M.deleteSuccess);
        } catch {
          message.error(M.deleteFailed);
        }
        await reloadAll();
      },
    });

  const titleOf = (title: string, menu?: MenuNode) => (
    <Space size={4} data-menu-title={title}>
      <span>{title}</span>
      <Button type="link" size="small" onClick={(e) => (e.stopPropagation(), setEditing({ mode: "add", parentId: menu?.id ?? ROOT }))}>
        {t("system.menus.add")}
      </Button>
      {menu && (
        <Button type="link" size="small" onClick={(e) => (e.stopPropagation(), setEditing({ mode: "edit", node: menu }))}>
          {t("system.menus.edit")}
        </Button>
      )}
      {menu && (
        <TreeMoveButton
          name={title}
          moves={keyboardMoves(menu)}
          onMove={(to) => void moveTo(placed.get(String(menu.id)) ?? { level: -1 }, to.target, to.place)}
        />
      )}
      {menu && !menu.system && (
        <Button type="link" size="small" danger onClick={(e) => (e.stopPropagation(), remove(menu))}>
          {t("system.menus.remove")}
        </Button>
      )}
    </Space>
  );

  const build = (parent: number): TreeDataNode[] | undefined =>
    kids[parent]?.map((menu) => ({
      key: String(menu.id),
      title: titleOf(menu.title, menu),
      isLeaf: !menu.hasChildren && !kids[menu.id]?.length,
      children: build(menu.id),
    }));

  const levelOf = (key: React.Key) => placed.get(String(key))?.level ?? -1;

  /** moveTo saves drag at position relative to drop, as a drop or a keyboard move does. */
  const moveTo = async (drag: Placed, drop: Placed, position: DropPosition) => {
    if (!drag.menu) return;
    if (!canDrop(drag, drop, position)) {
      message.warning(M.dropRefused);
      return;
    }
    const parentId = position === "inside" ? (drop.menu?.id ?? ROOT) : (drop.menu?.parentId ?? ROOT);
    setWorking(true);
    try {
      // The new siblings in their order: an unopened parent's children are read first.
      const siblings = (kids[parentId] ?? (await fetchKids(parentId))).map((m) => m.id);
      const ids =
        position === "inside"
          ? placeAmong(siblings, drag.menu.id, null)
          : placeAmong(siblings, drag.menu.id, drop.menu?.id ?? null, position);
      await send({ ...calls.reorder(renumber(ids, parentId)), ...quiet });
      message.success(M.dragSuccess);
    } catch {
      message.error(M.dragFailed);
    }
    if (position === "inside") setExpanded((keys) => [...new Set([...keys, String(parentId)])]);
    await reload([...new Set([ROOT, parentId, ...Object.keys(kids).map(Number)])]);
  };

  const onDrop: TreeProps["onDrop"] = async (info) => {
    const drag = placed.get(String(info.dragNode.key));
    const drop = placed.get(String(info.node.key));
    if (!drag || !drop) return;
    const last = Number(info.node.pos.split("-").pop());
    await moveTo(drag, drop, info.dropToGap ? positionOf(info.dropPosition - last) : "inside");
  };

  /** keyboardMoves are the moves of a menu the drag rules allow, with the drop each stands for. */
  const keyboardMoves = (menu: MenuNode) => {
    const here = placed.get(String(menu.id));
    if (!here) return new Map<TreeMove, MoveTarget<Placed>>();
    const level = (kids[menu.parentId] ?? []).map((m) => placed.get(String(m.id))).filter((p): p is Placed => !!p);
    const parent = menu.parentId === ROOT ? null : (placed.get(String(menu.parentId)) ?? null);
    const targets = moveTargets(level, level.indexOf(here), parent);
    const allowed = Object.entries(targets).filter(([, m]) => m && canDrop(here, m.target, m.place));
    return new Map(allowed as [TreeMove, MoveTarget<Placed>][]);
  };

  const treeData: TreeDataNode[] = [{ key: String(ROOT), title: titleOf(t("system.menus.root")), children: build(ROOT) }];

  return (
    <Spin spinning={busy}>
      {modalHolder}
      <Button size="small" icon={<ReloadOutlined />} onClick={() => void reloadAll()} style={{ marginBottom: 8 }}>
        {t("system.menus.refresh")}
      </Button>
      <Tree
        blockNode
        showLine
        treeData={treeData}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys)}
        loadedKeys={Object.keys(kids)}
        loadData={async ({ key }) => {
          const id = Number(key);
          if (kids[id]) return;
          try {
            const list = await fetchKids(id);
            setBelow((k) => ({ ...k, [id]: list }));
          } catch {
            message.error(M.fetchFailed);
          }
        }}
        draggable={{ icon: false, nodeDraggable: (node) => canDrag({ level: levelOf(node.key) }) }}
        allowDrop={({ dragNode, dropNode, dropPosition }) =>
          canDrop({ level: levelOf(dragNode.key) }, { level: levelOf(dropNode.key) }, positionOf(dropPosition))
        }
        onDrop={(info) => void onDrop(info)}
        selectable={false}
      />
      <MenuFormModal
        terminal={terminal}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          if (editing?.mode === "add") setExpanded((keys) => [...new Set([...keys, String(editing.parentId)])]);
          setEditing(null);
          void reloadAll();
        }}
      />
    </Spin>
  );
}
