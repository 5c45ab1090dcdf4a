// RSA helpers for tests: a key pair made the way the server makes one, and decryption to check what
// the console sent.

/** keyPair makes an RSA key the way the server does and exports its public half as SPKI PEM. */
export async function keyPair(): Promise<{ pem: string; privateKey: CryptoKey }> {
  const pair = await crypto.subtle.generateKey(
    { name: "RSA-OAEP", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["encrypt", "decrypt"],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey("spki", pair.publicKey));
  const b64 = btoa(String.fromCharCode(...spki));
  const pem = `-----BEGIN PUBLIC KEY-----\n${b64.match(/.{1,64}/g)?.join("\n")}\n-----END PUBLIC KEY-----\n`;
  return { pem, privateKey: pair.privateKey };
}

export async function decrypt(privateKey: CryptoKey, base64: string): Promise<string> {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(await crypto.subtle.decrypt({ name: "RSA-OAEP" }, privateKey, bytes));
}

