#include "support/TestCertificates.hpp"

#include <Poco/Net/IPAddress.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <stdexcept>

#include "support/Process.hpp"

namespace lodestone::test {
namespace {

void openssl(const std::vector<std::string>& args) {
    auto result = runToCompletion("/usr/bin/openssl", args, std::chrono::seconds(60));
    if (result.status.code != 0) {
        std::string command = "openssl";
        for (const auto& arg : args) command += " " + arg;
        throw std::runtime_error(command + " failed: " + result.errors);
    }
}

}  // namespace

TestCertificates::TestCertificates(std::vector<std::string> names)
    : ca_(dir_ / "ca.pem"), certificate_(dir_ / "server.pem"), key_(dir_ / "server.key") {
    if (names.empty()) throw std::invalid_argument("a server certificate needs a name");
    const std::string caKey = (dir_ / "ca.key").string(), request = (dir_ / "server.csr").string();
    const std::string extensions = (dir_ / "server.ext").string();
    // P-256 keys: made at once, unlike RSA ones.
    const std::vector<std::string> newKey = {"-newkey", "ec", "-pkeyopt",
                                             "ec_paramgen_curve:prime256v1", "-nodes"};

    // Each CA a name of its own: a trust store finds an issuer by its name, so two test CAs of
    // one name would stand in for each other.
    static std::atomic<int> made{0};
    const std::string caName =
        "Lodestone test CA " + std::to_string(::getpid()) + "-" + std::to_string(++made);
    std::vector<std::string> ca = {"req", "-x509"};
    ca.insert(ca.end(), newKey.begin(), newKey.end());
    ca.insert(ca.end(), {"-keyout", caKey, "-out", ca_.string(), "-days", "1", "-subj",
                         "/CN=" + caName, "-addext", "basicConstraints=critical,CA:TRUE", "-addext",
                         "keyUsage=critical,keyCertSign,cRLSign"});
    openssl(ca);

    std::vector<std::string> csr = {"req"};
    csr.insert(csr.end(), newKey.begin(), newKey.end());
    csr.insert(csr.end(),
               {"-keyout", key_.string(), "-out", request, "-subj", "/CN=" + names.front()});
    openssl(csr);

    std::string altNames;
    for (const auto& name : names) {
        Poco::Net::IPAddress address;
        const bool ip = Poco::Net::IPAddress::tryParse(name, address);
        altNames += (altNames.empty() ? "" : ",") + std::string(ip ? "IP:" : "DNS:") + name;
    }
    std::ofstream(extensions) << "basicConstraints=CA:FALSE\n"
                              << "keyUsage=critical,digitalSignature\n"
                              << "extendedKeyUsage=serverAuth\n"
                              << "subjectAltName=" << altNames << "\n";
    openssl({"x509", "-req", "-in", request, "-CA", ca_.string(), "-CAkey", caKey,
             "-CAcreateserial", "-out", certificate_.string(), "-days", "1", "-extfile",
             extensions});
}

}  // namespace lodestone::test
