// https through the outbound client against servers on loopback with certificates made here:
// one the client is told to trust, one it is not.
#include <Poco/Net/Context.h>
#include <Poco/Net/SecureServerSocket.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <atomic>
#include <cstdio>
#include <memory>

#include "outbound/HttpClient.hpp"
#include "outbound/TlsContext.hpp"
#include "support/TempDir.hpp"
#include "unit/outbound/LocalServers.hpp"

namespace lodestone::outbound {
namespace {

using namespace std::chrono_literals;
using test::deadlineIn;
using test::RecordingServer;
using ::testing::HasSubstr;

// A self-signed certificate for the name "localhost" and its key, as PEM files.
class TestCertificate {
  public:
    explicit TestCertificate(const lodestone::test::TempDir& dir, const std::string& name)
        : keyPath_((dir / (name + ".key")).string()), certPath_((dir / (name + ".crt")).string()) {
        std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> key(EVP_EC_gen("P-256"),
                                                                &EVP_PKEY_free);
        cert_.reset(X509_new());
        X509_set_version(cert_.get(), 2);
        ASN1_INTEGER_set(X509_get_serialNumber(cert_.get()), 1);
        X509_gmtime_adj(X509_getm_notBefore(cert_.get()), -60);
        X509_gmtime_adj(X509_getm_notAfter(cert_.get()), 3600);
        X509_set_pubkey(cert_.get(), key.get());
        X509_NAME* subject = X509_get_subject_name(cert_.get());
        // Each certificate its own subject: the trust store finds an issuer by subject, and
        // one test process may trust several of them (or the same test's, repeated).
        static std::atomic<int> made{0};
        const std::string commonName = "Lodestone test " + name + " " + std::to_string(++made);
        X509_NAME_add_entry_by_txt(subject, "CN", MBSTRING_ASC,
                                   reinterpret_cast<const unsigned char*>(commonName.c_str()), -1,
                                   -1, 0);
        X509_set_issuer_name(cert_.get(), subject);
        X509V3_CTX context;
        X509V3_set_ctx_nodb(&context);
        X509V3_set_ctx(&context, cert_.get(), cert_.get(), nullptr, nullptr, 0);
        X509_EXTENSION* altName =
            X509V3_EXT_conf_nid(nullptr, &context, NID_subject_alt_name, "DNS:localhost");
        X509_add_ext(cert_.get(), altName, -1);
        X509_EXTENSION_free(altName);
        X509_sign(cert_.get(), key.get(), EVP_sha256());

        FILE* keyFile = std::fopen(keyPath_.c_str(), "w");
        PEM_write_PrivateKey(keyFile, key.get(), nullptr, nullptr, 0, nullptr, nullptr);
        std::fclose(keyFile);
        FILE* certFile = std::fopen(certPath_.c_str(), "w");
        PEM_write_X509(certFile, cert_.get());
        std::fclose(certFile);
    }

    // Makes the shared client context trust this certificate (for this test process).
    void trust() const {
        X509_STORE_add_cert(SSL_CTX_get_cert_store(clientTlsContext()->sslContext()), cert_.get());
    }

    Poco::Net::SecureServerSocket serverSocket() const {
        Poco::Net::Context::Params params;
        params.privateKeyFile = keyPath_;
        params.certificateFile = certPath_;
        params.verificationMode = Poco::Net::Context::VERIFY_NONE;
        Poco::Net::Context::Ptr context =
            new Poco::Net::Context(Poco::Net::Context::TLS_SERVER_USE, params);
        return Poco::Net::SecureServerSocket(RecordingServer::loopback(0), 64, context);
    }

  private:
    std::string keyPath_;
    std::string certPath_;
    std::unique_ptr<X509, decltype(&X509_free)> cert_{nullptr, &X509_free};
};

OutboundPolicy localPolicy() {
    OutboundPolicy policy;
    policy.allowPrivateNetworks = true;
    return policy;
}

OutboundError failure(const std::string& url) {
    OutboundRequest request;
    request.url = url;
    try {
        send(request, localPolicy(), deadlineIn(5s));
    } catch (const OutboundError& e) {
        std::cerr << "MSG[" << kindName(e.kind()) << "] " << e.what() << "\n";
        return e;
    }
    ADD_FAILURE() << "expected an OutboundError for " << url;
    return OutboundError(OutboundError::Kind::Io, "none");
}

class HttpClientTls : public ::testing::Test {
  protected:
    lodestone::test::TempDir dir_;
};

TEST_F(HttpClientTls, TalksToAServerWithATrustedCertificate) {
    const TestCertificate certificate(dir_, "trusted");
    certificate.trust();
    RecordingServer server(certificate.serverSocket());
    OutboundRequest request;
    request.method = "POST";
    request.url = server.url("/echo", "localhost", "https");
    request.body = "payload";
    const OutboundResponse response = send(request, localPolicy(), deadlineIn(5s));
    EXPECT_EQ(response.status, 200);
    EXPECT_EQ(response.body, "hello POST");
    const auto seen = server.log().requests();
    ASSERT_EQ(seen.size(), 1u);
    EXPECT_EQ(seen[0].header("Host"), "localhost:" + std::to_string(server.port()));
    EXPECT_EQ(seen[0].body, "payload");
}

TEST_F(HttpClientTls, RefusesAnUntrustedCertificate) {
    const TestCertificate certificate(dir_, "untrusted");
    RecordingServer server(certificate.serverSocket());
    const OutboundError error = failure(server.url("/echo", "localhost", "https"));
    EXPECT_EQ(error.kind(), OutboundError::Kind::Tls) << error.what();
    EXPECT_THAT(error.what(), HasSubstr("TLS handshake with localhost:"));
    EXPECT_TRUE(server.log().requests().empty());
}

// Trusted, but issued for "localhost": the host name is checked even for a loopback address.
TEST_F(HttpClientTls, RefusesACertificateForAnotherName) {
    const TestCertificate certificate(dir_, "other-name");
    certificate.trust();
    RecordingServer server(certificate.serverSocket());
    const OutboundError error = failure(server.url("/echo", "127.0.0.1", "https"));
    EXPECT_EQ(error.kind(), OutboundError::Kind::Tls) << error.what();
    EXPECT_TRUE(server.log().requests().empty());
}

// connectTo (plugin ABI 1.2) changes where the connection goes, not whom it must reach: the
// URL's host is sent as SNI and checked against the certificate.
TEST_F(HttpClientTls, ConnectToKeepsTheUrlsNameForTheCertificateCheck) {
    const TestCertificate certificate(dir_, "mapped");
    certificate.trust();
    RecordingServer server(certificate.serverSocket());
    OutboundRequest request;
    request.url = "https://localhost/echo";
    request.connectTo = "127.0.0.1:" + std::to_string(server.port());
    EXPECT_EQ(send(request, localPolicy(), deadlineIn(5s)).status, 200);
    request.url = "https://acme-fixture.example/echo";
    try {
        send(request, localPolicy(), deadlineIn(5s));
        ADD_FAILURE() << "a certificate for localhost passed for acme-fixture.example";
    } catch (const OutboundError& e) {
        EXPECT_EQ(e.kind(), OutboundError::Kind::Tls) << e.what();
    }
    EXPECT_EQ(server.log().requests().size(), 1u);
}

// What a plain HTTP server does with a ClientHello: answer 400 and hang up.
TEST_F(HttpClientTls, ReportsAServerThatDoesNotSpeakTls) {
    test::RawServer server([](Poco::Net::StreamSocket& connection, const std::atomic<bool>&) {
        char hello[512];
        connection.receiveBytes(hello, sizeof hello);
        const std::string reply = "HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n";
        connection.sendBytes(reply.data(), static_cast<int>(reply.size()));
        connection.close();
    });
    const OutboundError error = failure(server.url("/echo", "https"));
    EXPECT_EQ(error.kind(), OutboundError::Kind::Tls) << error.what();
    EXPECT_THAT(error.what(), HasSubstr("TLS handshake with 127.0.0.1:"));
}

// OpenSSL writes with write(2): a server that hangs up while a large body is still going out
// raises SIGPIPE, which must fail the request rather than end the process.
TEST_F(HttpClientTls, SurvivesAServerHangingUpDuringALargeUpload) {
    const TestCertificate certificate(dir_, "upload");
    certificate.trust();
    RecordingServer server(certificate.serverSocket());
    OutboundRequest request;
    request.method = "POST";
    request.url = server.url("/reject-body", "localhost", "https");
    request.body.assign(16 * 1024 * 1024, 'x');
    try {
        const OutboundResponse response = send(request, localPolicy(), deadlineIn(10s));
        EXPECT_EQ(response.status, 413);
        std::cerr << "UPLOAD got status " << response.status << "\n";
    } catch (const OutboundError& e) {
        EXPECT_NE(e.kind(), OutboundError::Kind::Timeout) << e.what();
        std::cerr << "UPLOAD MSG " << e.what() << "\n";
    }
}

}  // namespace
}  // namespace lodestone::outbound
