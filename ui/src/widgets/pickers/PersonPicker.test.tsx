import { describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { personLabel, PersonPicker, type PersonItem } from "./PersonPicker";
import { CN } from "../../test/chinese";

const people: PersonItem[] = [
  { id: 1, villagerName: CN.wangWu, accountNum: "v01_001", helpersName: CN.cadreLi, helpersId: 9 },
  { id: 2, userName: CN.zhaoLiu, accountNum: "v01_002" },
];

describe("PersonPicker", () => {
  it("labels a person by villager, user or helper name with the account", () => {
    expect(personLabel(people[0])).toBe(`${CN.wangWu}（v01_001）`);
    expect(personLabel(people[1])).toBe(`${CN.zhaoLiu}（v01_002）`);
    expect(personLabel({ id: 3, helpersName: CN.cadreLi })).toBe(CN.cadreLi);
  });

  it("searches the source as one types and hands back the chosen item", async () => {
    const source = vi.fn(async (kw: string) => people.filter((p) => !kw || personLabel(p).includes(kw)));
    const onChange = vi.fn();
    render(<PersonPicker source={source} onChange={onChange} debounceMs={0} />);
    await waitFor(() => expect(source).toHaveBeenCalledWith(""));
    const user = userEvent.setup();
    await user.type(screen.getByRole("combobox"), CN.zhao);
    await waitFor(() => expect(source).toHaveBeenLastCalledWith(CN.zhao));
    await user.click(await screen.findByText(`${CN.zhaoLiu}（v01_002）`));
    expect(onChange).toHaveBeenCalledWith(2, [people[1]]);
  });
});
