import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import { signIn } from "../../test/helpers";
import { Access } from "./Access";

describe("<Access>", () => {
  it("shows its children only to a user holding one of the codes", () => {
    signIn({ buttonCodes: ["cscp.user.add"] });
    render(
      <>
        <Access codes={["cscp.user.add", "cscp.user.edit"]}>
          <button>新增</button>
        </Access>
        <Access codes={["cscp.user.del"]} fallback={<span>无权限</span>}>
          <button>删除</button>
        </Access>
      </>,
    );
    expect(screen.getByRole("button", { name: "新增" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "删除" })).not.toBeInTheDocument();
    expect(screen.getByText("无权限")).toBeInTheDocument();
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
