import forge from 'node-forge';
import { SignPdfError, Signer } from '@signpdf/utils';

/**
 * The CMS (PKCS#7 detached, SHA-256, signed attributes contentType, signingTime, messageDigest)
 * over the byte range, as @signpdf/signer-p12 makes it, with one fix: forge re-encodes the
 * issuer of a parsed certificate as UTF-8 twice, so a Korean workspace name in the certificate
 * made the signer identifier match no certificate. The issuer is handed over decoded.
 */
export class WorkspaceP12Signer extends Signer {
  private readonly key: forge.pki.rsa.PrivateKey;
  private readonly certificate: forge.pki.Certificate;
  private readonly certificates: forge.pki.Certificate[];

  constructor(p12: Buffer, passphrase: string) {
    super();
    const parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))), false, passphrase);
    const certBags = parsed.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? [];
    const keyBag = parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[forge.pki.oids.pkcs8ShroudedKeyBag!]?.[0];
    const key = keyBag?.key as forge.pki.rsa.PrivateKey | undefined;
    if (!key) throw new SignPdfError('The PKCS#12 has no private key.', SignPdfError.TYPE_INPUT);
    this.key = key;
    this.certificates = certBags.flatMap((bag) => (bag.cert ? [bag.cert] : []));
    const own = this.certificates.find((cert) => {
      const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
      return publicKey.n.compareTo(key.n) === 0 && publicKey.e.compareTo(key.e) === 0;
    });
    if (!own) throw new SignPdfError('No certificate of the PKCS#12 matches its private key.', SignPdfError.TYPE_INPUT);
    this.certificate = own;
  }

  override async sign(pdf: Buffer, signingTime?: Date): Promise<Buffer> {
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdf.toString('binary'));
    for (const cert of this.certificates) p7.addCertificate(cert);
    // @types/node-forge types valueTagClass as a tag class; forge stores the ASN.1 type there.
    const issuer = this.certificate.issuer.attributes.map((attr) =>
      (attr.valueTagClass as unknown) === forge.asn1.Type.UTF8 && typeof attr.value === 'string' ? { ...attr, value: forge.util.decodeUtf8(attr.value) } : attr,
    );
    // No `certificate` here: forge would take the double-encoded issuer from it.
    p7.addSigner({
      key: this.key,
      issuer,
      serialNumber: this.certificate.serialNumber,
      digestAlgorithm: forge.pki.oids.sha256!,
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType!, value: forge.pki.oids.data },
        { type: forge.pki.oids.signingTime!, value: (signingTime ?? new Date()) as unknown as string },
        { type: forge.pki.oids.messageDigest! },
      ],
    } as unknown as Parameters<typeof p7.addSigner>[0]);
    p7.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
  }
}
