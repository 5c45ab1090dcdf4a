import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { server } from "../test/server";
import { fail, http, ok, renderAt, signIn } from "../test/helpers";
import { watchNotices } from "../test/notices";
import { spaced } from "../test/texts";
import { VehicleApplyDialog } from "./VehicleApplyDialog";
import { FORM, SPEC, VEHICLES } from "./vehicle.fixtures";
import { text } from "../locales/catalogue";

const SEARCH = text("workflow.vehicle.search");
const CANCEL = new RegExp(`^\\s*${[...text("workflow.vehicle.cancel")].join("\\s*")}\\s*$`);

/** type sets an input's value at once (userEvent types key by key, slow on a busy machine). */
function type(el: Element, value: string) {
  fireEvent.change(el, { target: { value } });
}

function listHandler(queries: URLSearchParams[]) {
  return http.get("/office/api/office/vehicleList", ({ request }) => {
    const q = new URL(request.url).searchParams;
    queries.push(q);
    return ok({ data: { data: VEHICLES, recordsTotal: 12 }, recordsTotal: 12 });
  });
}

const next = () => screen.getByRole("button", { name: spaced(SPEC.next) });
const confirm = () => screen.getByRole("button", { name: spaced(SPEC.ok) });
const cancel = () => screen.getAllByRole("button").find((b) => CANCEL.test(b.textContent ?? "")) as HTMLElement;

async function toStep2() {
  const row = (await screen.findByText(VEHICLES[0].plateNumber)).closest("tr") as HTMLElement;
  await userEvent.click(within(row).getByRole("radio"));
  await waitFor(() => expect(next()).toBeEnabled());
  await userEvent.click(next());
  await screen.findByRole("button", { name: spaced(SPEC.ok) });
}

async function pickRange(start: string, end: string) {
  const inputs = document.querySelectorAll<HTMLInputElement>(".ant-modal .ant-form .ant-picker-range input");
  fireEvent.mouseDown(inputs[0]);
  fireEvent.focus(inputs[0]);
  fireEvent.change(inputs[0], { target: { value: start } });
  fireEvent.keyDown(inputs[0], { key: "Enter", code: "Enter" });
  fireEvent.focus(inputs[1]);
  fireEvent.change(inputs[1], { target: { value: end } });
  fireEvent.keyDown(inputs[1], { key: "Enter", code: "Enter" });
}

describe("VehicleApplyDialog", () => {
  const notices = watchNotices();

  it("step 1: pages by 5 with sizes 5/10/20/50, shows booked periods, one row, next disabled until chosen", { timeout: 180_000 }, async () => {
    const queries: URLSearchParams[] = [];
    server.use(listHandler(queries));
    signIn();
    renderAt(<VehicleApplyDialog open onClose={() => undefined} />, "/");
    expect(await screen.findByText(VEHICLES[1].plateNumber)).toBeInTheDocument();
    expect(queries[0].get("pageSize")).toBe("5");
    expect(queries[0].get("page")).toBe("0");
    expect(screen.getByText(spaced(SPEC.step1))).toBeInTheDocument();
    expect(screen.getByText(/2030-05-01 08:00:00/)).toBeInTheDocument();
    expect(next()).toBeDisabled();
    const radios = screen.getAllByRole("radio");
    await userEvent.click(radios[0]);
    await userEvent.click(radios[1]);
    expect(screen.getAllByRole("radio").filter((r) => (r as HTMLInputElement).checked)).toHaveLength(1);
    expect(next()).toBeEnabled();

    // The pager has a size chooser, at 5 a page.
    expect(document.querySelector(".ant-pagination-options .ant-select-selection-item")?.textContent).toMatch(/^5\D/);

    // A plate search sends the trimmed plate.
    type(screen.getByPlaceholderText(text("workflow.vehicle.plateHint")), "  A1 ");
    await userEvent.click(screen.getByRole("button", { name: spaced(SEARCH) }));
    await waitFor(() => expect(queries.at(-1)?.get("plateNumber")).toBe("A1"));
  });

  it("step 2: every rule's message, the missing-parameter notice, cancel back to step 1 cleared, cancel on step 1 closes", { timeout: 180_000 }, async () => {
    server.use(listHandler([]));
    signIn();
    const onClose = vi.fn();
    renderAt(<VehicleApplyDialog open onClose={onClose} />, "/");
    await toStep2();
    expect(screen.getByText(spaced(SPEC.step2))).toBeInTheDocument();

    // The chosen plate is filled in; clearing it asks for the vehicle.
    const vehicle = screen.getByDisplayValue(VEHICLES[0].plateNumber);
    await userEvent.clear(vehicle);
    await userEvent.click(confirm());
    for (const m of [SPEC.applicantRequired, SPEC.destinationRequired, SPEC.timeRequired, SPEC.reasonRequired, SPEC.vehicleRequired]) {
      expect(await screen.findByText(m)).toBeInTheDocument();
    }
    await notices.shown(SPEC.paramsMissing);

    // Two to twenty characters, judged trimmed; spaces alone are no applicant.
    const applicant = document.getElementById("applyUserName") as HTMLInputElement;
    await userEvent.type(applicant, "  a  ");
    expect(await screen.findByText(SPEC.applicantLength)).toBeInTheDocument();
    await userEvent.clear(applicant);
    await userEvent.type(applicant, "   ");
    expect(await screen.findByText(SPEC.applicantRequired)).toBeInTheDocument();
    expect(applicant.maxLength).toBe(20);
    expect((document.getElementById("partnerNames") as HTMLInputElement).maxLength).toBe(20);
    expect((document.getElementById("destination") as HTMLInputElement).maxLength).toBe(50);
    expect((document.getElementById("description") as HTMLTextAreaElement).maxLength).toBe(50);
    expect((document.getElementById("vehicle") as HTMLInputElement).maxLength).toBe(20);

    // Cancel on step 2: back to step 1, nothing chosen, the form empty.
    await userEvent.click(cancel());
    await waitFor(() => expect(next()).toBeDisabled());
    expect(screen.getAllByRole("radio").filter((r) => (r as HTMLInputElement).checked)).toHaveLength(0);
    await toStep2();
    expect((document.getElementById("applyUserName") as HTMLInputElement).value).toBe("");

    // Cancel on step 1 closes.
    await userEvent.click(cancel());
    await waitFor(() => expect(next()).toBeDisabled());
    await userEvent.click(cancel());
    expect(onClose).toHaveBeenCalled();
  });

  it("sends the trimmed application with usingDay, says it was added and closes; a refusal says the spec's conflict", { timeout: 180_000 }, async () => {
    const bodies: Record<string, unknown>[] = [];
    let refuse = false;
    server.use(
      listHandler([]),
      http.post("/office/api/office/vehicleApplications", async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return refuse ? fail(409, SPEC.conflict.slice(0, 4)) : ok({ record: { id: 1 } });
      }),
    );
    signIn();
    const onClose = vi.fn();
    const onDone = vi.fn();
    renderAt(<VehicleApplyDialog open onClose={onClose} onDone={onDone} />, "/");
    await toStep2();
    type(document.getElementById("applyUserName") as HTMLElement, FORM.applicant);
    type(document.getElementById("partnerNames") as HTMLElement, FORM.partners);
    type(document.getElementById("destination") as HTMLElement, FORM.destination);
    type(document.getElementById("description") as HTMLElement, FORM.reason);
    await pickRange("2030-06-30 08:00:00", "2030-07-02 18:00:00");
    await waitFor(() => expect(screen.getByTestId("using-day")).toHaveTextContent("3"));

    refuse = true;
    await userEvent.click(confirm());
    await notices.shown(SPEC.conflict);
    expect(onClose).not.toHaveBeenCalled();

    refuse = false;
    await userEvent.click(confirm());
    await notices.shown(SPEC.added);
    expect(onClose).toHaveBeenCalled();
    expect(onDone).toHaveBeenCalled();
    expect(bodies.at(-1)).toEqual({
      applyUserName: FORM.applicant.trim(),
      partnerNames: FORM.partners,
      destination: FORM.destination.trim(),
      startTime: "2030-06-30 08:00:00",
      endTime: "2030-07-02 18:00:00",
      description: FORM.reason.trim(),
      usingDay: 3,
      vehicleId: VEHICLES[0].id,
      vehicle: VEHICLES[0].plateNumber,
    });
  });
});
