// The design view's drag and drop: the palette's types dropped onto the canvas, the canvas's fields
// reordered and moved between sections (dnd-kit sortable), with buttons and Alt+↑/↓ as the keyboard way.

import { memo, startTransition, useCallback, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Badge, Button, Card, Empty, Space, Tag, Typography } from "antd";
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from "@ant-design/icons";
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  pointerWithin,
  type CollisionDetection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { text } from "./texts";
import { groupFields, sectionOrder, type FieldDoc, type ModuleDoc } from "./model";
import { PALETTE, paletteKeyOf, typeLabel, type PaletteItem } from "./palette";

const SECTION = "section:";
const PALETTE_ID = "palette:";

/**
 * renderProbe lets a test count the renders of the design view's parts (PaletteEntry, FieldCard, DesignDnd):
 * unset, it costs a property read per render. formRenders-style tests of the designer set it.
 */
export const renderProbe: { onRender?: (part: string, id: string) => void } = {};

/** Drop says where a drag ended: a palette item or a field, into a section at an index. */
export type Drop = { kind: "new"; item: PaletteItem; section: string; index: number } | { kind: "move"; uid: string; section: string; index: number };

/** PaletteEntry is one type of the palette; memoised, so an edit of the model does not repaint the palette. */
const PaletteEntry = memo(function PaletteEntry({ item, onAdd, disabled }: { item: PaletteItem; onAdd: (item: PaletteItem) => void; disabled: boolean }) {
  renderProbe.onRender?.("PaletteEntry", item.key);
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: PALETTE_ID + item.key, disabled });
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      role="button"
      data-palette={item.key}
      aria-label={typeLabel(item.key)}
      onDoubleClick={() => !disabled && onAdd(item)}
      onKeyDown={(e) => {
        if (!disabled && e.key === "Enter") onAdd(item);
        else listeners?.onKeyDown?.(e);
      }}
      style={{
        padding: "2px 4px",
        fontSize: 12,
        whiteSpace: "nowrap",
        overflow: "hidden",
        textOverflow: "ellipsis",
        border: "1px dashed #d9d9d9",
        borderRadius: 4,
        cursor: disabled ? "not-allowed" : "grab",
        opacity: isDragging ? 0.4 : 1,
        background: "#fff",
        userSelect: "none",
        touchAction: "none",
      }}
    >
      {typeLabel(item.key)}
    </div>
  );
});

/** Palette lists every type; drag one onto the canvas, or press Enter / double-click to add it at the end. */
export const Palette = memo(function Palette({ onAdd, disabled }: { onAdd: (item: PaletteItem) => void; disabled: boolean }) {
  return (
    <Card size="small" title={text("designer.palette")} styles={{ body: { padding: 6, display: "grid", gridTemplateColumns: "1fr 1fr", gap: 4 } }}>
      {PALETTE.map((item) => (
        <PaletteEntry key={item.key} item={item} onAdd={onAdd} disabled={disabled} />
      ))}
    </Card>
  );
});

interface CardProps {
  field: FieldDoc;
  selected: boolean;
  problems: number;
  readOnly: boolean;
  onSelect: (uid: string) => void;
  onStep: (uid: string, delta: -1 | 1) => void;
  onRemove: (uid: string) => void;
}

/** FieldCard is one field on the canvas; memoised so an edit of another field does not repaint it. */
const FieldCard = memo(function FieldCard({ field, selected, problems, readOnly, onSelect, onStep, onRemove }: CardProps) {
  renderProbe.onRender?.("FieldCard", field.uid);
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: field.uid, disabled: readOnly });
  const onKeyDown = (e: KeyboardEvent) => {
    if (readOnly || !e.altKey) return;
    if (e.key === "ArrowUp") {
      e.preventDefault();
      onStep(field.uid, -1);
    } else if (e.key === "ArrowDown") {
      e.preventDefault();
      onStep(field.uid, 1);
    }
  };
  return (
    <div
      ref={setNodeRef}
      data-field={field.name}
      tabIndex={0}
      onClick={() => onSelect(field.uid)}
      onKeyDown={onKeyDown}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.5 : 1,
        border: `1px solid ${selected ? "#1677ff" : problems ? "#ff4d4f" : "#f0f0f0"}`,
        background: selected ? "#e6f4ff" : "#fff",
        borderRadius: 4,
        padding: "4px 8px",
        marginBottom: 4,
        display: "flex",
        alignItems: "center",
        gap: 8,
      }}
    >
      <span {...attributes} {...listeners} aria-label={field.label} style={{ cursor: readOnly ? "default" : "grab", touchAction: "none" }}>
        <HolderOutlined />
      </span>
      <Badge dot={problems > 0} offset={[4, 0]}>
        <Typography.Text strong>
          {field.required && <span style={{ color: "#ff4d4f" }}>* </span>}
          {field.label}
        </Typography.Text>
      </Badge>
      <Typography.Text type="secondary" code>
        {field.name}
      </Typography.Text>
      <Tag>{typeLabel(paletteKeyOf(field))}</Tag>
      {field.dict && <Tag color="purple">{field.dict}</Tag>}
      {field.list && <Tag color="blue">{text("designer.props.list")}</Tag>}
      <span style={{ flex: 1 }} />
      {!readOnly && (
        <Space size={0}>
          <Button size="small" type="text" icon={<ArrowUpOutlined />} title={text("designer.moveUp")} aria-label={text("designer.moveUp")} onClick={(e) => (e.stopPropagation(), onStep(field.uid, -1))} />
          <Button size="small" type="text" icon={<ArrowDownOutlined />} title={text("designer.moveDown")} aria-label={text("designer.moveDown")} onClick={(e) => (e.stopPropagation(), onStep(field.uid, 1))} />
          <Button size="small" type="text" danger icon={<DeleteOutlined />} title={text("designer.remove")} aria-label={text("designer.remove")} onClick={(e) => (e.stopPropagation(), onRemove(field.uid))} />
        </Space>
      )}
    </div>
  );
});

function SectionBox({ id, title, count, children }: { id: string; title: string; count: number; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: SECTION + id });
  return (
    <Card
      size="small"
      title={title}
      extra={<Typography.Text type="secondary">{text("designer.fieldCount", { count })}</Typography.Text>}
      style={{ marginBottom: 8, borderColor: isOver ? "#1677ff" : undefined }}
      data-section={id || "_"}
    >
      <div ref={setNodeRef} style={{ minHeight: 40 }}>
        {children}
        {count === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text("designer.dropHere")} style={{ margin: 0 }} />}
      </div>
    </Card>
  );
}

interface CanvasProps {
  model: ModuleDoc;
  selected?: string;
  problemsByUid: Map<string, number>;
  readOnly: boolean;
  onSelect: (uid: string) => void;
  onStep: (uid: string, delta: -1 | 1) => void;
  onRemove: (uid: string) => void;
}

/** Canvas shows the fields grouped by section, each group a sortable list. */
export function Canvas({ model, selected, problemsByUid, readOnly, onSelect, onStep, onRemove }: CanvasProps) {
  const groups = useMemo(() => groupFields(model), [model]);
  // Each group's list of ids keeps its identity while its ids do not change: dnd-kit re-registers every
  // sortable of a context whose items are a new array, which for 300 fields costs seconds per keystroke.
  const itemCache = useRef(new Map<string, string[]>());
  const itemsOf = (section: string, fields: FieldDoc[]): string[] => {
    const ids = fields.map((f) => f.uid);
    const cached = itemCache.current.get(section);
    if (cached && cached.length === ids.length && cached.every((id, i) => id === ids[i])) return cached;
    itemCache.current.set(section, ids);
    return ids;
  };
  const titles = useMemo(() => new Map((model.sections ?? []).map((s) => [s.name, s.title])), [model.sections]);
  return (
    <div data-testid="designer-canvas">
      {sectionOrder(model).map((section) => {
        const fields = groups.get(section) ?? [];
        return (
          <SectionBox key={section || "_"} id={section} title={section ? (titles.get(section) ?? section) : text("designer.noSection")} count={fields.length}>
            <SortableContext items={itemsOf(section, fields)} strategy={verticalListSortingStrategy}>
              {fields.map((f) => (
                <FieldCard
                  key={f.uid}
                  field={f}
                  selected={f.uid === selected}
                  problems={problemsByUid.get(f.uid) ?? 0}
                  readOnly={readOnly}
                  onSelect={onSelect}
                  onStep={onStep}
                  onRemove={onRemove}
                />
              ))}
            </SortableContext>
          </SectionBox>
        );
      })}
    </div>
  );
}

// Sensor options keep their identity: new ones would give every draggable new listeners on each render.
const POINTER = { activationConstraint: { distance: 4 } };
const KEYBOARD = { coordinateGetter: sortableKeyboardCoordinates };

/** collide prefers the field under the pointer, then the section under it, then the nearest. */
const collide: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  if (within.length) {
    const item = within.find((c) => !String(c.id).startsWith(SECTION));
    return item ? [item] : within;
  }
  return closestCenter(args);
};

/**
 * Box holds what changes on every edit (the palette, canvas and properties panel as one element) outside
 * React's tree: the owner publishes it after each render, BoxView shows it. The drag context and the tabs
 * around the design view then do not re-render per keystroke: each render of dnd-kit's DndContext hands its
 * descendants a new context value (the active drag's transform), and antd's Tabs a new tab context, and a
 * changed context above the canvas makes React walk the subtree of each of its memoised cards for consumers
 * (≈ 13 ms a keystroke with 300 fields, docs/performance.md).
 */
export interface Box<T> {
  get: () => T;
  set: (v: T) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createBox<T>(initial: T): Box<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (v) => {
      if (Object.is(v, value)) return;
      value = v;
      for (const l of listeners) l();
    },
    subscribe: (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
  };
}

/**
 * BoxView renders the element a Box holds. It takes a new one in a transition (not useSyncExternalStore, whose
 * updates are synchronous): the canvas then follows an edit in a render React may interrupt for the next
 * keystroke, as the model itself does (FieldPanel's TextInput).
 */
export function BoxView({ box }: { box: Box<ReactNode> }) {
  const [node, setNode] = useState(box.get);
  useLayoutEffect(() => {
    const take = () => startTransition(() => setNode(() => box.get()));
    take();
    return box.subscribe(take);
  }, [box]);
  return node;
}

/**
 * DesignDnd wraps palette and canvas in one drag context and turns a drop into a Drop. It reads the model
 * when a drag ends (getModel), so an edit of the model does not re-render it (see Box).
 */
export const DesignDnd = memo(function DesignDnd({ getModel, onDrop, children }: { getModel: () => ModuleDoc; onDrop: (d: Drop) => void; children: ReactNode }) {
  renderProbe.onRender?.("DesignDnd", "");
  const sensors = useSensors(useSensor(PointerSensor, POINTER), useSensor(KeyboardSensor, KEYBOARD));
  const [active, setActive] = useState<string | null>(null);
  const onDragStart = useCallback((e: DragStartEvent) => setActive(String(e.active.id)), []);
  const onDragCancel = useCallback(() => setActive(null), []);
  const onDragEnd = useCallback(
    (e: DragEndEvent) => {
      setActive(null);
      if (!e.over) return;
      const model = getModel();
      const over = String(e.over.id);
      const overRect = e.over.rect;
      const groups = groupFields(model);
      let section: string;
      let index: number;
      if (over.startsWith(SECTION)) {
        section = over.slice(SECTION.length);
        index = (groups.get(section) ?? []).length;
      } else {
        const target = model.fields.find((f) => f.uid === over);
        if (!target) return;
        section = [...groups.entries()].find(([, list]) => list.includes(target))?.[0] ?? "";
        const group = groups.get(section) ?? [];
        index = group.indexOf(target);
        // Into another group (or from the palette), a drop on the lower half of a field goes after it; within
        // its own group a field takes the place of the one it is dropped on (dnd-kit's sortable order).
        const moved = e.active.rect.current.translated;
        const within = group.some((f) => f.uid === String(e.active.id));
        if (!within && moved && moved.top + moved.height / 2 > overRect.top + overRect.height / 2) index += 1;
      }
      const id = String(e.active.id);
      if (id.startsWith(PALETTE_ID)) {
        const item = PALETTE.find((p) => p.key === id.slice(PALETTE_ID.length));
        if (item) onDrop({ kind: "new", item, section, index });
      } else if (id !== over) {
        onDrop({ kind: "move", uid: id, section, index });
      }
    },
    [getModel, onDrop],
  );
  const activeLabel = !active ? undefined : active.startsWith(PALETTE_ID) ? typeLabel(active.slice(PALETTE_ID.length)) : getModel().fields.find((f) => f.uid === active)?.label;
  return (
    <DndContext sensors={sensors} collisionDetection={collide} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={onDragCancel}>
      {children}
      <DragOverlay>{active ? <div style={{ padding: "4px 8px", background: "#fff", border: "1px solid #1677ff", borderRadius: 4 }}>{activeLabel}</div> : null}</DragOverlay>
    </DndContext>
  );
});
