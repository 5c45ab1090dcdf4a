import { describe, expect, it } from "vitest";
import dayjs from "dayjs";
import zhCN from "../locales/zh_CN";
import { disabledDate, LIMITS, payloadOf, usingDay, VEHICLE_PAGE_SIZE, VEHICLE_PAGE_SIZES } from "./vehicleRules";
import { SPEC } from "./vehicle.fixtures";

describe("vehicle application rules (spec §5, §9)", () => {
  it("keeps every step-2 message and the dialog's words verbatim in zh_CN", () => {
    const v = zhCN.workflow.vehicle;
    expect(v.applicantRequired).toBe(SPEC.applicantRequired);
    expect(v.applicantLength).toBe(SPEC.applicantLength);
    expect(v.destinationRequired).toBe(SPEC.destinationRequired);
    expect(v.timeRequired).toBe(SPEC.timeRequired);
    expect(v.reasonRequired).toBe(SPEC.reasonRequired);
    expect(v.vehicleRequired).toBe(SPEC.vehicleRequired);
    expect(v.paramsMissing).toBe(SPEC.paramsMissing);
    expect(v.added).toBe(SPEC.added);
    expect(v.conflict).toBe(SPEC.conflict);
    expect(v.next).toBe(SPEC.next);
    expect(v.ok).toBe(SPEC.ok);
    expect(v.step1).toBe(SPEC.step1);
    expect(v.step2).toBe(SPEC.step2);
  });

  it("has the limits and the page sizes of the specification", () => {
    expect(LIMITS).toEqual({ plate: 20, applicant: 20, partners: 20, destination: 50, reason: 50 });
    expect(VEHICLE_PAGE_SIZE).toBe(5);
    expect(VEHICLE_PAGE_SIZES).toEqual([5, 10, 20, 50]);
  });

  it("disables dates earlier than one day before now, and only those", () => {
    const now = dayjs("2030-03-10 12:00:00").valueOf();
    expect(disabledDate(dayjs("2030-03-09 11:59:59"), now)).toBe(true);
    expect(disabledDate(dayjs("2030-01-01 00:00:00"), now)).toBe(true);
    expect(disabledDate(dayjs("2030-03-09 12:00:00"), now)).toBe(false);
    expect(disabledDate(dayjs("2030-03-10 08:00:00"), now)).toBe(false);
    expect(disabledDate(dayjs("2031-01-01 00:00:00"), now)).toBe(false);
  });

  it("counts usingDay as the whole-day difference plus one, across month and year ends", () => {
    expect(usingDay(dayjs("2030-03-10 08:00"), dayjs("2030-03-10 18:00"))).toBe(1);
    expect(usingDay(dayjs("2030-03-10 23:00"), dayjs("2030-03-11 01:00"))).toBe(2);
    expect(usingDay(dayjs("2030-01-31 09:00"), dayjs("2030-02-01 08:00"))).toBe(2);
    expect(usingDay(dayjs("2028-02-28 09:00"), dayjs("2028-03-01 08:00"))).toBe(3);
    expect(usingDay(dayjs("2029-02-28 09:00"), dayjs("2029-03-01 08:00"))).toBe(2);
    expect(usingDay(dayjs("2030-12-31 20:00"), dayjs("2031-01-03 07:00"))).toBe(4);
  });

  it("builds the Addvehicle body trimmed, and refuses one missing a parameter", () => {
    const range: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs("2030-04-01 08:00:00"), dayjs("2030-04-03 17:30:00")];
    const body = payloadOf(
      { applyUserName: "  ab  ", partnerNames: " c ", destination: " d ", vehicleTime: range, description: " e ", vehicle: " P1 " },
      7,
    );
    expect(body).toEqual({
      applyUserName: "ab",
      partnerNames: "c",
      destination: "d",
      startTime: "2030-04-01 08:00:00",
      endTime: "2030-04-03 17:30:00",
      description: "e",
      usingDay: 3,
      vehicleId: 7,
      vehicle: "P1",
    });
    expect(payloadOf({ applyUserName: "ab", destination: "d", vehicleTime: range, description: "e", vehicle: "P1" }, undefined)).toBeNull();
    expect(payloadOf({ applyUserName: "   ", destination: "d", vehicleTime: range, description: "e", vehicle: "P1" }, 7)).toBeNull();
    expect(payloadOf({ applyUserName: "ab", destination: "d", vehicleTime: null, description: "e", vehicle: "P1" }, 7)).toBeNull();
  });
});
