// go-gpu-pod: the gpu-pod example in Go (see gpupod/gpuPod.go for what it shows and its stack config).
package main

import (
	"github.com/computeplatform/pulumi-computeplatform/examples/go-gpu-pod/gpupod"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(gpupod.Program)
}
