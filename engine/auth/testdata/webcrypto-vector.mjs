// Makes webcrypto-vector.json: node webcrypto-vector.mjs > webcrypto-vector.json
// A key pair and a ciphertext made by WebCrypto itself (RSA-OAEP, SHA-256),
// the way the console encrypts the password; the key is a test key only.
const { subtle } = globalThis.crypto;
const kp = await subtle.generateKey({name:"RSA-OAEP", modulusLength:2048, publicExponent:new Uint8Array([1,0,1]), hash:"SHA-256"}, true, ["encrypt","decrypt"]);
const pk = Buffer.from(await subtle.exportKey("pkcs8", kp.privateKey)).toString("base64");
const pem = "-----BEGIN PRIVATE KEY-----\n" + pk.match(/.{1,64}/g).join("\n") + "\n-----END PRIVATE KEY-----\n";
const plaintext = "Xz@2024pass!密码";
const ct = Buffer.from(await subtle.encrypt({name:"RSA-OAEP"}, kp.publicKey, new TextEncoder().encode(plaintext))).toString("base64");
console.log(JSON.stringify({privateKeyPem: pem, plaintext, ciphertext: ct}, null, 2));
