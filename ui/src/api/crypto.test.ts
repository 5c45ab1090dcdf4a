// @vitest-environment node
import { describe, expect, it } from "vitest";
import { decrypt, keyPair } from "../test/rsa";
import { encryptWithPem } from "./crypto";
import { CN } from "../test/chinese";

describe("encryptWithPem", () => {
  it("encrypts with RSA-OAEP-SHA256 so the private key's holder reads it back", async () => {
    const { pem, privateKey } = await keyPair();
    const cipher = await encryptWithPem(pem, `Passw0rd!${CN.password}`);
    expect(cipher).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(await decrypt(privateKey, cipher)).toBe(`Passw0rd!${CN.password}`);
  });

  it("produces a different ciphertext each time (OAEP is randomised)", async () => {
    const { pem } = await keyPair();
    expect(await encryptWithPem(pem, "x")).not.toBe(await encryptWithPem(pem, "x"));
  });

  it("rejects an empty PEM", async () => {
    await expect(encryptWithPem("-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----", "x")).rejects.toThrow();
  });
});
