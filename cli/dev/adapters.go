package dev

import (
	"context"
	"errors"

	"github.com/scapeworld/scape/devclient"
	"github.com/scapeworld/scape/diag"
)

// NewBuilder returns the project's incremental build. TEMPORARY until the bundle package lands.
func NewBuilder(dir string) (devclient.Builder, func(), error) {
	return nil, func() {}, errors.New("the bundle package is not available in this build yet")
}

// LocalCheck is the validation run before an upload. TEMPORARY until the validate package lands.
func LocalCheck() devclient.LocalCheck {
	return func(ctx context.Context, js []byte) diag.List { return nil }
}
