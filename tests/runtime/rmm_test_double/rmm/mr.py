"""TEST DOUBLE of ``rmm.mr`` (see the package doc)."""

FREE_TOTAL = (123 << 20, 456 << 20)


class Resource:
    """A stand-in for the memory resource of one device."""

    def __init__(self, device):
        self.device = device


def get_per_device_resource(device):
    return Resource(device)


def available_device_memory():
    return FREE_TOTAL
