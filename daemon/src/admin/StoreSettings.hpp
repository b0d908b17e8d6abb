#pragma once

#include "config/Config.hpp"
#include "storage/StoreOptions.hpp"

namespace lodestone::admin {

// The store the config file's `storage:` section describes, so that lodestoned and lodestonectl
// open the same database the same way. It lives here because config and storage must not know
// each other, and admin is the module both programs already share.
storage::StoreOptions storeOptionsFrom(const config::StorageConfig& config);

}  // namespace lodestone::admin
