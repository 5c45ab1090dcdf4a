import { DragOutlined } from "@ant-design/icons";
import { Button, Dropdown } from "antd";
import { useTranslation } from "react-i18next";
import { TREE_MOVES, type TreeMove } from "./moves";

/**
 * TreeMoveButton is a tree node's move button: a menu of the moves the node may make (the others disabled),
 * opened and chosen from the keyboard (Enter opens it with the focus on its first item, arrows pick, Enter
 * moves, Escape closes).
 */
export function TreeMoveButton<T>({ name, moves, onMove }: { name: string; moves: ReadonlyMap<TreeMove, T>; onMove: (to: T) => void }) {
  const { t } = useTranslation();
  if (moves.size === 0) return null;
  return (
    <Dropdown
      trigger={["click"]}
      autoFocus
      menu={{
        items: TREE_MOVES.map((m) => ({ key: m, label: t(`treeMove.${m}`), disabled: !moves.has(m) })),
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          const to = moves.get(key as TreeMove);
          if (to !== undefined) onMove(to);
        },
      }}
    >
      <Button
        type="link"
        size="small"
        icon={<DragOutlined />}
        aria-label={t("treeMove.label", { name })}
        title={t("treeMove.move")}
        data-testid="tree-move"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.stopPropagation()}
      />
    </Dropdown>
  );
}
