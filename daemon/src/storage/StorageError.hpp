#pragma once

#include <stdexcept>

namespace lodestone::storage {

// Something went wrong talking to the database (cannot open, disk full, busy past the timeout).
class StorageError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// The row to change does not exist.
class NotFound : public StorageError {
  public:
    using StorageError::StorageError;
};

// A uniqueness or integrity rule refused the change (a name already taken, a balance that
// would go negative).
class Conflict : public StorageError {
  public:
    using StorageError::StorageError;
};

// Taking credits would leave a balance below zero.
class InsufficientCredits : public Conflict {
  public:
    using Conflict::Conflict;
};

// The database was written by a newer lodestoned than this one.
class SchemaTooNew : public StorageError {
  public:
    using StorageError::StorageError;
};

}  // namespace lodestone::storage
