// The vehicle application's step-2 rules (spec §5 "Vehicle application (step 2)"), as pure functions the
// dialog uses and the tests check: the messages, the input limits, trimming, the date limit and usingDay.

import type { Rule } from "antd/es/form";
import dayjs, { type Dayjs } from "dayjs";
import { catalogue } from "../locales/catalogue";

const V = catalogue("workflow.vehicle");

/** Input limits of spec §5. */
export const LIMITS = { plate: 20, applicant: 20, partners: 20, destination: 50, reason: 50 } as const;

/** Spec §9: the vehicle list's page size and size options. */
export const VEHICLE_PAGE_SIZE = 5;
export const VEHICLE_PAGE_SIZES = [5, 10, 20, 50];

/** The date-time format the dialog sends (spec §9 default date format). */
export const DATE_TIME = "YYYY-MM-DD HH:mm:ss";

const DAY_MS = 24 * 60 * 60 * 1000;

/** disabledDate disables dates earlier than one day before now (spec §5). */
export function disabledDate(d: Dayjs, now: number = Date.now()): boolean {
  return d.valueOf() < now - DAY_MS;
}

/** usingDay is the whole-day difference between the departure's and the return's dates, plus one. */
export function usingDay(start: Dayjs, end: Dayjs): number {
  const a = dayjs(start.format("YYYY-MM-DD"));
  const b = dayjs(end.format("YYYY-MM-DD"));
  return Math.round(b.diff(a, "day", true)) + 1;
}

const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v);

/** The step-2 form's rules, each with its message verbatim; text values are judged trimmed. */
export function vehicleRules(): Record<"applyUserName" | "destination" | "vehicleTime" | "description" | "vehicle", Rule[]> {
  return {
    applyUserName: [
      { required: true, whitespace: true, message: V.applicantRequired },
      {
        validator: async (_, value: unknown) => {
          const s = trimmed(value);
          if (typeof s !== "string" || s === "") return;
          const n = [...s].length;
          if (n < 2 || n > LIMITS.applicant) throw new Error(V.applicantLength);
        },
        message: V.applicantLength,
      },
    ],
    destination: [{ required: true, whitespace: true, message: V.destinationRequired }],
    vehicleTime: [{ required: true, type: "array", message: V.timeRequired }],
    description: [{ required: true, whitespace: true, message: V.reasonRequired }],
    vehicle: [{ required: true, whitespace: true, message: V.vehicleRequired }],
  };
}

/** The step-2 form's values. */
export interface VehicleForm {
  applyUserName?: string;
  partnerNames?: string;
  destination?: string;
  vehicleTime?: [Dayjs, Dayjs] | null;
  description?: string;
  vehicle?: string;
}

/** The Addvehicle call's body (spec §7). */
export interface VehiclePayload {
  applyUserName: string;
  partnerNames: string;
  destination: string;
  startTime: string;
  endTime: string;
  description: string;
  usingDay: number;
  vehicleId: number;
  vehicle: string;
}

/**
 * payloadOf builds the Addvehicle body from the form and the chosen vehicle, trimming every text; it answers
 * null when a required parameter is missing (the dialog then asks for the required parameters).
 */
export function payloadOf(v: VehicleForm, vehicleId: number | undefined): VehiclePayload | null {
  const applyUserName = String(trimmed(v.applyUserName) ?? "");
  const destination = String(trimmed(v.destination) ?? "");
  const description = String(trimmed(v.description) ?? "");
  const vehicle = String(trimmed(v.vehicle) ?? "");
  const [start, end] = v.vehicleTime ?? [];
  if (!vehicleId || !applyUserName || !destination || !description || !vehicle || !start || !end) return null;
  return {
    applyUserName,
    partnerNames: String(trimmed(v.partnerNames) ?? ""),
    destination,
    startTime: start.format(DATE_TIME),
    endTime: end.format(DATE_TIME),
    description,
    usingDay: usingDay(start, end),
    vehicleId,
    vehicle,
  };
}
