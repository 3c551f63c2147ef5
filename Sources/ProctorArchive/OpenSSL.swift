import COpenSSL

// The one file of ProctorArchive that calls OpenSSL's libcrypto.

/// SHA-1, as a pass bundle's manifest records every file's digest.
package enum SHA1 {
    /// The digest of `bytes` in lower-case hexadecimal, 40 characters.
    package static func hex(_ bytes: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: 20)
        var length: UInt32 = 0
        let succeeded = bytes.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in
                EVP_Digest(input.baseAddress, input.count, output.baseAddress, &length, EVP_sha1(), nil) == 1
            }
        }
        // EVP_Digest fails only when OpenSSL cannot allocate its context.
        precondition(succeeded && length == 20, "OpenSSL could not compute a SHA-1 digest")
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] }, as: UTF8.self)
    }
}

/// What a detached PKCS #7 signature says about the content it signs: whether it is one, whether
/// it verifies over the content with the certificate it carries, and who that certificate names.
/// The certificate itself is not verified: doing so needs Apple's WWDR intermediate and root
/// certificates, which Proctor does not ship, so a signature by any self-signed certificate
/// verifies here.
package struct DetachedSignature: Sendable, Equatable {
    package enum Problem: Sendable, Equatable {
        /// The bytes are not DER-encoded PKCS #7 at all.
        case notPKCS7
        /// PKCS #7, but not signed data.
        case notSignedData
        /// Signed data that carries the content it signs rather than leaving it detached.
        case notDetached
        /// No certificate of a signer is in the signature.
        case noSignerCertificate
        /// The signature does not verify over the content with the signer's certificate: the
        /// content changed after signing, or the signature is damaged.
        case doesNotVerify(String)
    }

    /// Why the signature cannot be used; nil when it verifies.
    package var problem: Problem?
    /// The signer certificate's subject user ID (`UID`, OID 0.9.2342.19200300.100.1.1): a Pass
    /// Type ID certificate's pass type identifier.
    package var signerUserID: String?
    /// The signer certificate's organizational unit (`OU`): the Team ID of a Pass Type ID
    /// certificate.
    package var signerOrganizationalUnit: String?

    /// Reads `signature` as a DER PKCS #7 detached signature and verifies it over `content`.
    package init(signature: [UInt8], content: [UInt8]) {
        defer { ERR_clear_error() }
        let parsed: UnsafeMutablePointer<PKCS7>? = signature.withUnsafeBufferPointer { buffer in
            var start = buffer.baseAddress
            return d2i_PKCS7(nil, &start, buffer.count)
        }
        guard let pkcs7 = parsed else {
            problem = .notPKCS7
            return
        }
        defer { PKCS7_free(pkcs7) }
        guard OBJ_obj2nid(pkcs7.pointee.type) == NID_pkcs7_signed else {
            problem = .notSignedData
            return
        }
        guard PKCS7_ctrl(pkcs7, PKCS7_OP_GET_DETACHED_SIGNATURE, 0, nil) == 1 else {
            problem = .notDetached
            return
        }
        guard let signers = PKCS7_get0_signers(pkcs7, nil, 0) else {
            problem = .noSignerCertificate
            return
        }
        defer { OPENSSL_sk_free(signers) }
        guard OPENSSL_sk_num(signers) > 0, let certificate = OPENSSL_sk_value(signers, 0) else {
            problem = .noSignerCertificate
            return
        }
        let subject = X509_get_subject_name(OpaquePointer(certificate))
        signerUserID = Self.entry(NID_userId, of: subject)
        signerOrganizationalUnit = Self.entry(NID_organizationalUnitName, of: subject)
        // PKCS7_NOVERIFY: the signature is checked over the content with the signer's certificate,
        // and the certificate's chain is not (there is no store of trusted roots to check it against).
        guard let store = X509_STORE_new() else { preconditionFailure("OpenSSL could not allocate a certificate store") }
        defer { X509_STORE_free(store) }
        let verified = content.withUnsafeBufferPointer { buffer -> Bool in
            guard let input = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return false }
            defer { BIO_free(input) }
            return PKCS7_verify(pkcs7, nil, store, input, nil, Int32(PKCS7_NOVERIFY | PKCS7_BINARY)) == 1
        }
        if !verified {
            problem = .doesNotVerify(Self.lastError())
        }
    }

    /// The first value of the attribute `nid` in a certificate's name, as UTF-8.
    private static func entry(_ nid: Int32, of name: OpaquePointer?) -> String? {
        guard let name else { return nil }
        let index = X509_NAME_get_index_by_NID(name, nid, -1)
        guard index >= 0, let entry = X509_NAME_get_entry(name, index), let data = X509_NAME_ENTRY_get_data(entry) else { return nil }
        var utf8: UnsafeMutablePointer<UInt8>?
        let length = ASN1_STRING_to_UTF8(&utf8, data)
        guard length >= 0, let utf8 else { return nil }
        defer { CRYPTO_free(utf8, nil, 0) }
        return String(decoding: UnsafeBufferPointer(start: utf8, count: Int(length)), as: UTF8.self)
    }

    /// OpenSSL's reason for the last failure, for a message ("digest failure").
    private static func lastError() -> String {
        let code = ERR_peek_last_error()
        guard code != 0, let reason = ERR_reason_error_string(code) else { return "the signature does not match" }
        return String(cString: reason)
    }
}

/// Signs a pass bundle's manifest as Apple's signpass does (a detached, DER-encoded PKCS #7
/// signature), with a key and a self-signed certificate made on the spot for the identity given:
/// the certificate's UID is the pass type identifier and its OU the team, as in a Pass Type ID
/// certificate. For pass bundle recipes (rule examples, conformance vectors), never for a real
/// pass: Wallet trusts only certificates Apple issued.
package enum TestPassSigner {
    package static func sign(_ content: [UInt8], passTypeIdentifier: String, teamIdentifier: String) -> [UInt8] {
        defer { ERR_clear_error() }
        // An EC P-256 key: quick to make, and signing does not depend on the key's kind.
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else { preconditionFailure("OpenSSL could not make a key context") }
        defer { EVP_PKEY_CTX_free(context) }
        var madeKey: OpaquePointer?
        guard EVP_PKEY_keygen_init(context) == 1, EVP_PKEY_CTX_set_group_name(context, "P-256") == 1, EVP_PKEY_generate(context, &madeKey) == 1,
            let key = madeKey
        else { preconditionFailure("OpenSSL could not make a key") }
        defer { EVP_PKEY_free(key) }
        guard let certificate = X509_new() else { preconditionFailure("OpenSSL could not allocate a certificate") }
        defer { X509_free(certificate) }
        let name = X509_get_subject_name(certificate)
        for (nid, value) in [
            (NID_userId, passTypeIdentifier), (NID_commonName, "Pass Type ID: \(passTypeIdentifier)"), (NID_organizationalUnitName, teamIdentifier),
        ] {
            X509_NAME_add_entry_by_NID(name, nid, MBSTRING_UTF8, value, -1, -1, 0)
        }
        guard X509_set_version(certificate, 2) == 1, ASN1_INTEGER_set(X509_get_serialNumber(certificate), 1) == 1,
            X509_gmtime_adj(X509_getm_notBefore(certificate), 0) != nil, X509_gmtime_adj(X509_getm_notAfter(certificate), 86400) != nil,
            X509_set_issuer_name(certificate, name) == 1, X509_set_pubkey(certificate, key) == 1, X509_sign(certificate, key, EVP_sha256()) > 0
        else { preconditionFailure("OpenSSL could not make a certificate") }
        let signature = content.withUnsafeBufferPointer { buffer -> [UInt8]? in
            guard let input = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(input) }
            guard let pkcs7 = PKCS7_sign(certificate, key, nil, input, Int32(PKCS7_DETACHED | PKCS7_BINARY)) else { return nil }
            defer { PKCS7_free(pkcs7) }
            var der: UnsafeMutablePointer<UInt8>?
            let length = i2d_PKCS7(pkcs7, &der)
            guard length > 0, let der else { return nil }
            defer { CRYPTO_free(der, nil, 0) }
            return Array(UnsafeBufferPointer(start: der, count: Int(length)))
        }
        guard let signature else { preconditionFailure("OpenSSL could not sign") }
        return signature
    }
}
