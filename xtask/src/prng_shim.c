/* For tests under Wine only. Rust's standard library on Windows takes its
 * random bytes from ProcessPrng in bcryptprimitives.dll, which Wine 8 does
 * not have; this DLL, put beside the .exe, answers it with
 * SystemFunction036 (RtlGenRandom), which Wine has. Real Windows (10 and
 * later) has the DLL, and the zip never carries this one. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG part = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, part)) return FALSE;
        data += part;
        length -= part;
    }
    return TRUE;
}
