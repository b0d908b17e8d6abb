// A throw-away certificate authority and a server certificate it signed, made with the openssl
// command in a temporary directory (removed with the object), for TLS servers in tests: the
// client trusts ca() and the server presents certificate() and key().
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "support/TempDir.hpp"

namespace lodestone::test {

class TestCertificates {
  public:
    // `names` go into the server certificate's subjectAltName: DNS names, or IP addresses
    // (anything that parses as one). The first is also its common name. Valid for a day.
    explicit TestCertificates(std::vector<std::string> names = {"localhost", "127.0.0.1"});

    const std::filesystem::path& ca() const { return ca_; }                    // CA, PEM
    const std::filesystem::path& certificate() const { return certificate_; }  // server, PEM
    const std::filesystem::path& key() const { return key_; }                  // its key, PEM

  private:
    TempDir dir_;
    std::filesystem::path ca_, certificate_, key_;
};

}  // namespace lodestone::test
