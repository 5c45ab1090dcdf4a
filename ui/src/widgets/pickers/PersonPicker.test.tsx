import { describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { personLabel, PersonPicker, type PersonItem } from "./PersonPicker";

const people: PersonItem[] = [
  { id: 1, villagerName: "王五", accountNum: "v01_001", helpersName: "李干部", helpersId: 9 },
  { id: 2, userName: "赵六", accountNum: "v01_002" },
];

describe("PersonPicker", () => {
  it("labels a person by villager, user or helper name with the account", () => {
    expect(personLabel(people[0])).toBe("王五（v01_001）");
    expect(personLabel(people[1])).toBe("赵六（v01_002）");
    expect(personLabel({ id: 3, helpersName: "李干部" })).toBe("李干部");
  });

  it("searches the source as one types and hands back the chosen item", async () => {
    const source = vi.fn(async (kw: string) => people.filter((p) => !kw || personLabel(p).includes(kw)));
    const onChange = vi.fn();
    render(<PersonPicker source={source} onChange={onChange} debounceMs={0} />);
    await waitFor(() => expect(source).toHaveBeenCalledWith(""));
    const user = userEvent.setup();
    await user.type(screen.getByRole("combobox"), "赵");
    await waitFor(() => expect(source).toHaveBeenLastCalledWith("赵"));
    await user.click(await screen.findByText("赵六（v01_002）"));
    expect(onChange).toHaveBeenCalledWith(2, [people[1]]);
  });
});
