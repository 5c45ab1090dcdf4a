import { describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { server } from "../../test/server";
import { http, ok, renderAt, signIn } from "../../test/helpers";
import { OrgCascader } from "./OrgCascader";

// Real-shaped answers of modules/system/orgs.go (orgDTO).
const county = { id: 1, orgName: "示范县", description: "县", parentId: 0, orderby: 1, level: 1, path: "/1/", leaf: false };
const town = { id: 2, orgName: "城关镇", description: "乡镇", parentId: 1, orderby: 1, level: 2, path: "/1/2/", leaf: false };
const village = { id: 5, orgName: "东关村", description: "村", parentId: 2, orderby: 1, level: 3, path: "/1/2/5/", leaf: true };

describe("OrgCascader", () => {
  it("starts at the user's organisation and loads children lazily", async () => {
    signIn();
    const asked: string[] = [];
    server.use(
      http.get("/api/villager/getOrgByUserId", () => ok(county)),
      http.get("/api/organ/cscpOrgs", ({ request }) => {
        const parent = new URL(request.url).searchParams.get("parentId") ?? "";
        asked.push(parent);
        return ok(parent === "1" ? [town] : parent === "2" ? [village] : []);
      }),
    );
    const onChange = vi.fn();
    renderAt(<OrgCascader onChange={onChange} placeholder="请选择所属机构" />, "/");
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole("combobox")).toBeEnabled());
    await user.click(screen.getByRole("combobox"));
    await user.click(await screen.findByText("示范县"));
    await user.click(await screen.findByText("城关镇"));
    await user.click(await screen.findByText("东关村"));
    expect(asked).toEqual(["1", "2"]);
    expect(onChange).toHaveBeenLastCalledWith(5, "东关村");
  });

  it("shows a village user a single leaf, and a value set earlier by its path", async () => {
    signIn();
    server.use(
      http.get("/api/villager/getOrgByUserId", () => ok(town)),
      http.get("/api/system/getCscpOrgTree/2", () => ok([village])),
    );
    renderAt(<OrgCascader value={5} />, "/");
    expect(await screen.findByText("城关镇 / 东关村")).toBeInTheDocument();

    server.use(http.get("/api/villager/getOrgByUserId", () => ok(village)));
    const user = userEvent.setup();
    const { unmount } = renderAt(<OrgCascader placeholder="村级" />, "/");
    await user.click(screen.getAllByRole("combobox")[1]);
    await user.click(await screen.findByText("东关村"));
    expect(document.querySelectorAll(".ant-cascader-menu")).toHaveLength(1);
    unmount();
  });

  it("follows its value: a later value shows its path, loading the tree under the user's organisation once", async () => {
    signIn();
    const trees: string[] = [];
    server.use(
      http.get("/api/villager/getOrgByUserId", () => ok(county)),
      http.get("/api/system/getCscpOrgTree/1", () => {
        trees.push("1");
        return ok([{ ...town, children: [village] }]);
      }),
    );
    let setValue: (v: number | undefined) => void = () => undefined;
    function Host() {
      const [value, set] = useState<number | undefined>(1);
      setValue = set;
      return <OrgCascader value={value} onChange={set} />;
    }
    renderAt(<Host />, "/");
    expect(await screen.findByText("示范县")).toBeInTheDocument();
    expect(trees).toEqual([]);

    act(() => setValue(5));
    expect(await screen.findByText("示范县 / 城关镇 / 东关村")).toBeInTheDocument();
    act(() => setValue(2));
    expect(await screen.findByText("示范县 / 城关镇")).toBeInTheDocument();
    act(() => setValue(undefined));
    await waitFor(() => expect(screen.queryByText("示范县 / 城关镇")).not.toBeInTheDocument());
    expect(trees).toEqual(["1"]);
  });
});
