// The labelled prospects' company websites (tests/data/research-labels/sites/<host>/), served on
// 127.0.0.1 by a PlainHttpServer in the test process and told apart by the Host header: `/` is the
// host's index.html, `/about` its about.html, anything else (and any other host) a 404.
// research-web reaches them through its `resolve`, every prospect's domain mapped here, so no name
// is ever looked up and nothing leaves the machine.
#pragma once

#include <filesystem>
#include <set>
#include <string>

#include "support/PlainHttpServer.hpp"

namespace lodestone::test {

class LabelledSites {
  public:
    explicit LabelledSites(std::filesystem::path root);
    LabelledSites(const LabelledSites&) = delete;
    LabelledSites& operator=(const LabelledSites&) = delete;

    std::string address() const { return server_.address(); }
    // research-web's `resolve` value mapping every host of `hosts` (and its www. twin) here, as a
    // YAML flow mapping.
    std::string resolveYaml(const std::set<std::string>& hosts) const;
    // The hosts with a site under the root.
    std::set<std::string> hosts() const;

  private:
    std::filesystem::path root_;
    // After root_, which its handlers read.
    test::PlainHttpServer server_;
};

}  // namespace lodestone::test
