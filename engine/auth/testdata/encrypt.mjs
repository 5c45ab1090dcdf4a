// Encrypts argv[3] with the SPKI PEM public key in the file argv[2] through
// WebCrypto, as the console does, and prints the base64 ciphertext.
import { readFileSync } from "node:fs";
const { subtle } = globalThis.crypto;
const pem = readFileSync(process.argv[2], "utf8");
const der = Buffer.from(pem.replace(/-----[^-]+-----/g, "").replace(/\s+/g, ""), "base64");
const key = await subtle.importKey("spki", der, { name: "RSA-OAEP", hash: "SHA-256" }, false, ["encrypt"]);
const ct = await subtle.encrypt({ name: "RSA-OAEP" }, key, new TextEncoder().encode(process.argv[3]));
process.stdout.write(Buffer.from(ct).toString("base64"));
