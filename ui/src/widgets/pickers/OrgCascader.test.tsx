import { describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { server } from "../../test/server";
import { http, ok, renderAt, signIn } from "../../test/helpers";
import { OrgCascader } from "./OrgCascader";
import { CN } from "../../test/chinese";

// Real-shaped answers of modules/system/orgs.go (orgDTO).
const county = { id: 1, orgName: CN.modelCounty, description: CN.county, parentId: 0, orderby: 1, level: 1, path: "/1/", leaf: false };
const town = { id: 2, orgName: CN.chengguanTown, description: CN.township, parentId: 1, orderby: 1, level: 2, path: "/1/2/", leaf: false };
const village = { id: 5, orgName: CN.dongguanVillage, description: CN.village, parentId: 2, orderby: 1, level: 3, path: "/1/2/5/", leaf: true };

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
    renderAt(<OrgCascader onChange={onChange} placeholder={CN.chooseOrg} />, "/");
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole("combobox")).toBeEnabled());
    await user.click(screen.getByRole("combobox"));
    await user.click(await screen.findByText(CN.modelCounty));
    await user.click(await screen.findByText(CN.chengguanTown));
    await user.click(await screen.findByText(CN.dongguanVillage));
    expect(asked).toEqual(["1", "2"]);
    expect(onChange).toHaveBeenLastCalledWith(5, CN.dongguanVillage);
  });

  it("shows a village user a single leaf, and a value set earlier by its path", async () => {
    signIn();
    server.use(
      http.get("/api/villager/getOrgByUserId", () => ok(town)),
      http.get("/api/system/getCscpOrgTree/2", () => ok([village])),
    );
    renderAt(<OrgCascader value={5} />, "/");
    expect(await screen.findByText(`${CN.chengguanTown} / ${CN.dongguanVillage}`)).toBeInTheDocument();

    server.use(http.get("/api/villager/getOrgByUserId", () => ok(village)));
    const user = userEvent.setup();
    const { unmount } = renderAt(<OrgCascader placeholder={CN.villageLevel} />, "/");
    await user.click(screen.getAllByRole("combobox")[1]);
    await user.click(await screen.findByText(CN.dongguanVillage));
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
    expect(await screen.findByText(CN.modelCounty)).toBeInTheDocument();
    expect(trees).toEqual([]);

    act(() => setValue(5));
    expect(await screen.findByText(`${CN.modelCounty} / ${CN.chengguanTown} / ${CN.dongguanVillage}`)).toBeInTheDocument();
    act(() => setValue(2));
    expect(await screen.findByText(`${CN.modelCounty} / ${CN.chengguanTown}`)).toBeInTheDocument();
    act(() => setValue(undefined));
    await waitFor(() => expect(screen.queryByText(`${CN.modelCounty} / ${CN.chengguanTown}`)).not.toBeInTheDocument());
    expect(trees).toEqual(["1"]);
  });
});
