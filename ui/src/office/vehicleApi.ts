// The vehicle application's calls (spec §7 "Vehicle application"): the vehicle list with booked periods and
// Addvehicle, which stores the application and starts its approval.

import { request } from "../api/http";
import type { VehiclePayload } from "./vehicleRules";

export const OFFICE_BASE = "/office/api/office";

/** A booked period of a vehicle (an application that holds it: draft, under approval, approved). */
export interface Booking {
  id: number;
  startTime: string;
  endTime: string;
  status: number;
}

/** A row of the vehicle list. */
export interface VehicleRow {
  id: number;
  plateNumber: string;
  vehicleType?: string | number | null;
  brand?: string | null;
  model?: string | null;
  seats?: number | null;
  contactName?: string | null;
  contactPhone?: string | null;
  booked?: boolean;
  officeVehicleApplicationsList?: Booking[] | null;
}

export interface VehicleQuery {
  page: number;
  pageSize: number;
  plateNumber?: string;
  startTime?: string;
  endTime?: string;
}

/** The list's answer: the rows sit at data.data.data of the envelope (spec §7), recordsTotal beside them. */
interface VehicleListAnswer {
  data: { data: VehicleRow[]; recordsTotal: number };
  recordsTotal: number;
}

export const vehicleApi = {
  list: async (q: VehicleQuery): Promise<{ rows: VehicleRow[]; total: number }> => {
    const a = await request<VehicleListAnswer>(`${OFFICE_BASE}/vehicleList`, { query: { ...q } });
    return { rows: a.data?.data ?? [], total: a.recordsTotal ?? a.data?.recordsTotal ?? 0 };
  },
  /** add is Addvehicle: silent, the dialog shows the spec's messages itself. */
  add: (p: VehiclePayload) => request<unknown>(`${OFFICE_BASE}/vehicleApplications`, { method: "POST", body: p, silent: true }),
};
