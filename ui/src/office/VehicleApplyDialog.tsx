// The vehicle application dialog, two steps (spec §2, §5, §7, §8, §9). Step 1 (select vehicle): search by plate and
// time range, a paged table (page size 5; sizes 5, 10, 20, 50) with each vehicle's booked periods, one row
// selectable; Next stays disabled until a vehicle is chosen. Step 2 (fill in reason): the form with the §5 rules.
// Cancel on step 2 goes back to step 1 and clears the form and the choice; cancel on step 1 closes.
// Success says so (added) and closes; a failure says the spec's conflict text (705: the server's own).

import { Button, DatePicker, Form, Input, Modal, Space, Steps, Table, Tag, Typography, type CheckboxProps, type TableColumnsType } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../api/errors";
import { notify } from "../app/notify";
import { catalogue, text } from "../locales/catalogue";
import { useModuleSchema } from "../hooks/useModuleSchema";
import { labelOf } from "../schema-ui/format";
import { vehicleApi, type VehicleRow } from "./vehicleApi";
import {
  DATE_TIME,
  disabledDate,
  LIMITS,
  payloadOf,
  usingDay,
  VEHICLE_PAGE_SIZE,
  VEHICLE_PAGE_SIZES,
  vehicleRules,
  type VehicleForm,
} from "./vehicleRules";

const V = catalogue("workflow.vehicle");

export interface VehicleApplyDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called after an application was stored (the list reloads). */
  onDone?: () => void;
}

interface Search {
  plateNumber?: string;
  range?: [Dayjs, Dayjs] | null;
}

/** The code a failure shows the server's own message for (spec §8). */
const SHOW_SERVER = 705;

export function VehicleApplyDialog({ open, onClose, onDone }: VehicleApplyDialogProps) {
  const [step, setStep] = useState(0);
  const [searchForm] = Form.useForm<Search>();
  const [form] = Form.useForm<VehicleForm>();
  const [search, setSearch] = useState<Search>({});
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(VEHICLE_PAGE_SIZE);
  const [rows, setRows] = useState<VehicleRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<VehicleRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [days, setDays] = useState<number | null>(null);
  const vehicleSchema = useModuleSchema("vehicle");
  const types = vehicleSchema.status === "ready" ? vehicleSchema.schema.dicts.vehicle_type : undefined;

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const [start, end] = search.range ?? [];
      const r = await vehicleApi.list({
        page: page - 1,
        pageSize: size,
        plateNumber: search.plateNumber?.trim() || undefined,
        startTime: start?.format(DATE_TIME),
        endTime: end?.format(DATE_TIME),
      });
      setRows(r.rows);
      setTotal(r.total);
    } catch {
      setRows([]);
      setTotal(0);
    } finally {
      setLoading(false);
    }
  }, [search, page, size]);

  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  const reset = () => {
    setStep(0);
    setChosen(null);
    setDays(null);
    form.resetFields();
    searchForm.resetFields();
    setSearch({});
    setPage(1);
    setSize(VEHICLE_PAGE_SIZE);
  };
  const close = () => {
    reset();
    onClose();
  };

  const next = () => {
    if (!chosen) return;
    form.setFieldsValue({ vehicle: chosen.plateNumber, vehicleTime: search.range ?? undefined });
    if (search.range) setDays(usingDay(search.range[0], search.range[1]));
    setStep(1);
  };

  const back = () => {
    form.resetFields();
    setChosen(null);
    setDays(null);
    setStep(0);
  };

  const confirm = async () => {
    let values: VehicleForm;
    try {
      values = await form.validateFields();
    } catch {
      notify.warning(V.paramsMissing);
      return;
    }
    const payload = payloadOf(values, chosen?.id);
    if (!payload) {
      notify.warning(V.paramsMissing);
      return;
    }
    setBusy(true);
    try {
      await vehicleApi.add(payload);
      notify.success(V.added);
      onDone?.();
      close();
    } catch (e) {
      // The client has already reported a network failure, a timeout and an expired session.
      const reported = e instanceof ApiError && (e.kind === "network" || e.kind === "timeout" || e.statusCode === 401);
      if (e instanceof ApiError && (e.code === SHOW_SERVER || e.statusCode === 403) && e.serverMessage) notify.warning(e.serverMessage);
      else if (!reported) notify.warning(V.conflict);
    } finally {
      setBusy(false);
    }
  };

  const columns: TableColumnsType<VehicleRow> = [
    { key: "plate", dataIndex: "plateNumber", title: V.plate },
    {
      key: "type",
      dataIndex: "vehicleType",
      title: V.vehicleType,
      render: (v: unknown) => (types ? labelOf(types, v) : String(v ?? "")),
    },
    { key: "brand", title: V.brand, render: (_: unknown, r) => [r.brand, r.model].filter(Boolean).join(" ") },
    { key: "seats", dataIndex: "seats", title: V.seats },
    { key: "contact", dataIndex: "contactName", title: V.contact },
    {
      key: "booked",
      title: V.booked,
      render: (_: unknown, r) => {
        const list = r.officeVehicleApplicationsList ?? [];
        if (!list.length) return <Tag color="green">{V.free}</Tag>;
        return (
          <Space direction="vertical" size={0} data-testid="booked-periods">
            {list.map((b) => (
              <Tag key={b.id} color={r.booked ? "red" : "orange"}>
                {b.startTime} ~ {b.endTime}
              </Tag>
            ))}
          </Space>
        );
      },
    },
  ];

  const footer =
    step === 0 ? (
      <Space>
        <Button onClick={close}>{V.cancel}</Button>
        <Button type="primary" disabled={!chosen} onClick={next}>
          {V.next}
        </Button>
      </Space>
    ) : (
      <Space>
        <Button onClick={back}>{V.cancel}</Button>
        <Button type="primary" loading={busy} onClick={() => void confirm()}>
          {V.ok}
        </Button>
      </Space>
    );

  const rules = vehicleRules();
  return (
    <Modal open={open} title={V.title} width={880} onCancel={close} footer={footer} destroyOnHidden maskClosable={false}>
      <Steps current={step} size="small" style={{ marginBottom: 16 }} items={[{ title: V.step1 }, { title: V.step2 }]} />
      {step === 0 ? (
        <>
          <Form
            form={searchForm}
            layout="inline"
            style={{ marginBottom: 12, rowGap: 8 }}
            onFinish={(s: Search) => {
              setSearch({ plateNumber: s.plateNumber?.trim(), range: s.range ?? null });
              setPage(1);
            }}
          >
            <Form.Item name="plateNumber" label={V.plate} normalize={(v: string) => v?.replace(/^\s+/, "")}>
              <Input placeholder={V.plateHint} maxLength={LIMITS.plate} allowClear style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="range" label={V.timeRange}>
              <DatePicker.RangePicker showTime format={DATE_TIME} disabledDate={(d) => disabledDate(d)} />
            </Form.Item>
            <Form.Item>
              <Space>
                <Button type="primary" htmlType="submit">
                  {V.search}
                </Button>
                <Button
                  onClick={() => {
                    searchForm.resetFields();
                    setSearch({});
                    setPage(1);
                  }}
                >
                  {V.reset}
                </Button>
              </Space>
            </Form.Item>
          </Form>
          <Table<VehicleRow>
            rowKey="id"
            size="small"
            loading={loading}
            columns={columns}
            dataSource={rows}
            rowSelection={{
              type: "radio",
              selectedRowKeys: chosen ? [chosen.id] : [],
              onChange: (_, selected) => setChosen(selected[0] ?? null),
              getCheckboxProps: (r) => ({ "aria-label": text("a11y.selectRow", { id: String(r.plateNumber ?? r.id) }) }) as CheckboxProps,
            }}
            onRow={(r) => ({ onClick: () => setChosen(r) })}
            pagination={{
              current: page,
              pageSize: size,
              total,
              showSizeChanger: true,
              pageSizeOptions: VEHICLE_PAGE_SIZES,
              showQuickJumper: true,
              showTotal: (n) => V.total.replace("{{total}}", String(n)),
              onChange: (p, s) => {
                setPage(s !== size ? 1 : p);
                setSize(s);
              },
            }}
          />
        </>
      ) : (
        <Form
          form={form}
          layout="horizontal"
          labelCol={{ span: 5 }}
          wrapperCol={{ span: 17 }}
          onValuesChange={(_, all: VehicleForm) => {
            const r = all.vehicleTime;
            setDays(r && r[0] && r[1] ? usingDay(r[0], r[1]) : null);
          }}
        >
          <Form.Item name="applyUserName" label={V.applicant} rules={rules.applyUserName}>
            <Input maxLength={LIMITS.applicant} allowClear />
          </Form.Item>
          <Form.Item name="partnerNames" label={V.partners}>
            <Input maxLength={LIMITS.partners} allowClear />
          </Form.Item>
          <Form.Item name="destination" label={V.destination} rules={rules.destination}>
            <Input maxLength={LIMITS.destination} allowClear />
          </Form.Item>
          <Form.Item name="vehicleTime" label={V.vehicleTime} rules={rules.vehicleTime}>
            <DatePicker.RangePicker
              showTime
              format={DATE_TIME}
              disabledDate={(d) => disabledDate(d)}
              placeholder={[V.start, V.end]}
              defaultPickerValue={[dayjs(), dayjs()]}
            />
          </Form.Item>
          {days !== null && (
            <Form.Item label={V.usingDay}>
              <Typography.Text data-testid="using-day">{days}</Typography.Text>
            </Form.Item>
          )}
          <Form.Item name="description" label={V.reason} rules={rules.description}>
            <Input.TextArea maxLength={LIMITS.reason} showCount rows={2} />
          </Form.Item>
          <Form.Item name="vehicle" label={V.vehicle} rules={rules.vehicle}>
            <Input maxLength={LIMITS.plate} allowClear />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
