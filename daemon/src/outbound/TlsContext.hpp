#pragma once

#include <Poco/Net/Context.h>

namespace lodestone::outbound {

// The TLS client context every https request shares, made on first use: the system's trusted
// CAs, the certificate chain and the host name always checked, TLS 1.2 or later. Throws
// OutboundError (Tls) if OpenSSL cannot set it up, e.g. the CA store cannot be read.
Poco::Net::Context::Ptr clientTlsContext();

}  // namespace lodestone::outbound
