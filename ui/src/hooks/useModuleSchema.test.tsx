import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { server } from "../test/server";
import { http, ok, Providers, signIn } from "../test/helpers";
import { handicappedSchema } from "../test/moduleSchemas";
import { useModuleSchema } from "./useModuleSchema";
import { CN } from "../test/chinese";

function Probe({ name }: { name: string }) {
  const state = useModuleSchema(name);
  return <div data-testid="state">{state.status === "ready" ? `ready:${state.schema.module.name}` : state.status}</div>;
}

const other = { ...handicappedSchema, module: { ...handicappedSchema.module, name: "veteranSubsidy", title: CN.veteranSubsidy, api: "/onlineVillage/veterans" } };

describe("useModuleSchema", () => {
  it("is loading while another module's schema comes, never the previous module's kept schema", async () => {
    let answer: (() => void) | undefined;
    const asked = new Promise<void>((r) => (answer = r));
    server.use(
      http.get("/onlineVillage/handicappeds/schema", () => ok(handicappedSchema)),
      http.get("/onlineVillage/veterans/schema", async () => {
        await asked;
        return ok(other);
      }),
    );
    signIn({ modules: [handicappedSchema.module, other.module] });
    const view = (name: string) => (
      <MemoryRouter><Providers><Probe name={name} /></Providers></MemoryRouter>
    );
    const { rerender } = render(view("handicappedSubsidy"));
    expect(await screen.findByText("ready:handicappedSubsidy")).toBeInTheDocument();
    rerender(view("veteranSubsidy"));
    expect(await screen.findByText("loading")).toBeInTheDocument();
    answer?.();
    expect(await screen.findByText("ready:veteranSubsidy")).toBeInTheDocument();
  });
});
