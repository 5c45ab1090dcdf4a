// Password encryption for login and password change (DESIGN.md §5): RSA-OAEP with SHA-256 through
// WebCrypto, under the SPKI public key the server hands out as PEM. The ciphertext travels as base64.

function pemBody(pem: string): Uint8Array<ArrayBuffer> {
  const base64 = pem
    .replace(/-----BEGIN [^-]+-----/, "")
    .replace(/-----END [^-]+-----/, "")
    .replace(/\s+/g, "");
  if (!base64) throw new Error("public key PEM is empty");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** importPublicKey reads an SPKI PEM as an RSA-OAEP-SHA256 encryption key. */
export function importPublicKey(pem: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("spki", pemBody(pem), { name: "RSA-OAEP", hash: "SHA-256" }, false, ["encrypt"]);
}

/** encryptWithPem encrypts text (UTF-8) under the PEM's key and returns base64 ciphertext. */
export async function encryptWithPem(pem: string, text: string): Promise<string> {
  const key = await importPublicKey(pem);
  const cipher = await crypto.subtle.encrypt({ name: "RSA-OAEP" }, key, new TextEncoder().encode(text));
  return toBase64(cipher);
}
