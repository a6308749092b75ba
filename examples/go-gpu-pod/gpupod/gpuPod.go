// Package gpupod is the gpu-pod example in Go, through the Go SDK and the native provider plugin.
//
// It shows a network volume and a one-GPU pod that mounts it, on the cheapest GPU type with at least
// `minGpuMemory` GB (an invoke of getCheapestGpuType), and a second volume in another account through an explicit
// provider with its own API URL and key. `pulumi up` returns once the pod is RUNNING. The e2e suite runs Program as
// it is written, as an inline program of the Automation API (test/go).
//
// Stack config:
//
//	computeplatform:apiUrl, computeplatform:apiKey (secret)   the default provider's account
//	teamApiUrl, teamApiKey (secret)                           the second account, for the `team` provider
//	minGpuMemory  24            GB per GPU; a value that picks another GPU type replaces the pod
//	mountPath     /workspace    editing it updates the pod in place
//
// Outputs: gpuType (the GPU type the invoke picked), podId, podStatus, dataVolumeId, datasetsVolumeId.
package gpupod

import (
	cp "github.com/computeplatform/pulumi-computeplatform/sdk/go/computeplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

// DataCenter is where both volumes and the pod live.
const DataCenter = "US-TX-3"

// Program declares the example's resources; main.go runs it with pulumi.Run.
func Program(ctx *pulumi.Context) error {
	conf := config.New(ctx, "")
	minGpuMemory := conf.GetInt("minGpuMemory")
	if minGpuMemory == 0 {
		minGpuMemory = 24
	}
	mountPath := conf.Get("mountPath")
	if mountPath == "" {
		mountPath = "/workspace"
	}

	gpuType, err := cp.GetCheapestGpuType(ctx, &cp.GetCheapestGpuTypeArgs{
		MinMemory:  float64(minGpuMemory),
		DataCenter: pulumi.StringRef(DataCenter),
	})
	if err != nil {
		return err
	}
	data, err := cp.NewNetworkVolume(ctx, "data", &cp.NetworkVolumeArgs{
		Name:       pulumi.String("data"),
		Size:       pulumi.Int(50),
		DataCenter: pulumi.String(DataCenter),
	})
	if err != nil {
		return err
	}
	trainer, err := cp.NewPod(ctx, "trainer", &cp.PodArgs{
		Name:  pulumi.String("trainer"),
		Image: pulumi.String("pytorch/pytorch:2.4.0-cuda12.4-cudnn9-runtime"),
		Gpu:   cp.GpuConfigArgs{Id: pulumi.String(gpuType.Id), Count: pulumi.Int(1)},
		Mounts: cp.MountsArgs{
			Network: cp.NetworkMountArray{cp.NetworkMountArgs{VolumeId: data.ID(), Path: pulumi.String(mountPath)}},
		},
		Ports: pulumi.ToStringArray([]string{"22/tcp", "8888/http"}),
		// env is a secret as an input and an output: state keeps it encrypted, and `preview --diff` shows [secret].
		Env: pulumi.Map{"RUN_NAME": pulumi.String("nightly")},
	})
	if err != nil {
		return err
	}

	team, err := cp.NewProvider(ctx, "team", &cp.ProviderArgs{
		ApiUrl: pulumi.String(conf.Require("teamApiUrl")),
		ApiKey: conf.RequireSecret("teamApiKey"),
	})
	if err != nil {
		return err
	}
	datasets, err := cp.NewNetworkVolume(ctx, "datasets", &cp.NetworkVolumeArgs{
		Name:       pulumi.String("datasets"),
		Size:       pulumi.Int(100),
		DataCenter: pulumi.String(DataCenter),
	}, pulumi.Provider(team))
	if err != nil {
		return err
	}

	ctx.Export("gpuType", pulumi.String(gpuType.Id))
	ctx.Export("podId", trainer.ID())
	ctx.Export("podStatus", trainer.Status)
	ctx.Export("dataVolumeId", data.ID())
	ctx.Export("datasetsVolumeId", datasets.ID())
	return nil
}
