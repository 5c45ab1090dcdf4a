import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import { signIn } from "../../test/helpers";
import { Access } from "./Access";
import { text } from "../../locales/catalogue";
import { CN } from "../../test/chinese";

describe("<Access>", () => {
  it("shows its children only to a user holding one of the codes", () => {
    signIn({ buttonCodes: ["cscp.user.add"] });
    render(
      <>
        <Access codes={["cscp.user.add", "cscp.user.edit"]}>
          <button>{text("system.users.add")}</button>
        </Access>
        <Access codes={["cscp.user.del"]} fallback={<span>{CN.noPermission}</span>}>
          <button>{text("system.users.delete")}</button>
        </Access>
      </>,
    );
    expect(screen.getByRole("button", { name: text("system.users.add") })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: text("system.users.delete") })).not.toBeInTheDocument();
    expect(screen.getByText(CN.noPermission)).toBeInTheDocument();
  });

  it("throws in development when written without codes", () => {
    signIn({ buttonCodes: ["a"] });
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect(() =>
        render(
          <Access codes={[]}>
            <button>x</button>
          </Access>,
        ),
      ).toThrow(/at least one permission code/);
    } finally {
      quiet.mockRestore();
    }
  });
});
