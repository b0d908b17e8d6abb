#pragma once

#include <ostream>
#include <string>

#include "admin/Provisioner.hpp"

namespace lodestone::app {

// Shows each API key provisioning just generated, with a curl line that uses it, on the one
// start that created it. Prints nothing when no key was generated.
void printNewKeys(std::ostream& out, const admin::ProvisionReport& report,
                  const std::string& publicUrl);

}  // namespace lodestone::app
