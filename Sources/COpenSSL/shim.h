#ifndef PROCTOR_COPENSSL_SHIM_H
#define PROCTOR_COPENSSL_SHIM_H

// The one place Proctor touches OpenSSL's headers: SHA-1 for a pass bundle's manifest, and the
// PKCS #7 signature over it. Only ProctorArchive imports this module (libcrypto alone; no TLS).
#include <openssl/evp.h>
#include <openssl/bio.h>
#include <openssl/pkcs7.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>
#include <openssl/objects.h>
#include <openssl/err.h>

#endif
