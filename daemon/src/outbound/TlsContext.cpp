#include "outbound/TlsContext.hpp"

#include <Poco/Net/NetSSL.h>
#include <openssl/ssl.h>

#include "outbound/OutboundError.hpp"

namespace lodestone::outbound {
namespace {

Poco::Net::Context::Ptr makeContext() {
    Poco::Net::initializeSSL();
    Poco::Net::Context::Params params;
    // STRICT, not RELAXED: for a client OpenSSL treats them alike, but with RELAXED Poco skips
    // the host name check for any name that resolves to a loopback address (and resolves the
    // name again to find out).
    params.verificationMode = Poco::Net::Context::VERIFY_STRICT;
    params.loadDefaultCAs = true;
    // OpenSSL's (and Debian's) maintained default rather than Poco's "ALL:...".
    params.cipherList = "DEFAULT";
    Poco::Net::Context::Ptr context =
        new Poco::Net::Context(Poco::Net::Context::TLS_CLIENT_USE, params);
    context->requireMinimumProtocol(Poco::Net::Context::PROTO_TLSV1_2);
    context->enableExtendedCertificateVerification(true);
    // Poco's verify callback passes a failed chain to SSLManager's process-wide handlers, any
    // of which may accept it (or, unconfigured, look for a Poco::Util::Application). Without a
    // callback OpenSSL's verdict is final.
    SSL_CTX_set_verify(context->sslContext(), SSL_VERIFY_PEER, nullptr);
    return context;
}

}  // namespace

Poco::Net::Context::Ptr clientTlsContext() {
    try {
        // Made once and shared: loading the CA store is the expensive part of a context.
        static const Poco::Net::Context::Ptr context = makeContext();
        return context;
    } catch (const Poco::Exception& e) {
        throw OutboundError(OutboundError::Kind::Tls, "cannot set up TLS: " + e.displayText());
    }
}

}  // namespace lodestone::outbound
